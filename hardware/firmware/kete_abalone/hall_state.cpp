// hall_state.cpp: the Abalone sensing module's whole state as the board keeps
// it (hall.h): per hole the reading and its rules, the calibration, one
// TARE/CAL job. `make abalone-obj` sizes it for the Mega.
#include "hall.h"

HoleState hall_st[HALL_HOLES];
HoleCal hall_cal[HALL_HOLES];
HallCalJob hall_job;
#if KETE_NEUTRAL
#include "neutral.h"
NeutralState neutral_st[NEUTRAL_HOLES];  // the neutral-marble switches (hardware/abalone.md §2.3)
#endif
