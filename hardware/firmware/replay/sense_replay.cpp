// sense-replay: the firmware's signal-to-count code (kete_board/sense.cpp,
// unchanged) fed with one pit's raw HX711 readings from stdin, printing when
// the pit's reported count or settled flag changes, so a bench can put
// thousands of simulated drops through the very code the board runs
// (src/bench/sense-replay.ts). Format: ../README.md, "Replaying a signal".
//
//   pit deb=200 zero=120000 gain=11600     a new pit (zero omitted: uncalibrated)
//   0 120013                               t_ms raw, t non-decreasing
//   12.5 120040
//   ...
// prints
//   pit
//   0 0 0                                  t_ms count settled (count -1: faulty)
//   200 0 1
//
// Like the board: pit_settled is asked after every reading and, between two
// readings, at the moment the settle timer runs out (so an event's time is the
// board's to the millisecond, before its snapshot pacing); once a second
// (t = 1000, 2000, ... ms) pit_retry and pit_zero_track run, as board_poll
// does while no TARE or CAL is under way.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sense.h"

static PitState pit;
static PitCal cal;
static uint16_t deb = 200;
static bool track = true;
static bool verbose = false;
static bool started = false;
static uint32_t lastT = 0;
static uint32_t nextSecond = 1000;
static int lastCount = -2;
static int lastSettled = -1;

static void report(uint32_t t) {
  int count = pit_faulty(&pit) ? -1 : (pit.flags & PS_INIT) ? (int)pit.count : -2;
  int settled = pit_settled(&pit, t, deb) ? 1 : 0;
  if (count == -2) return;  // no reading yet
  if (count != lastCount || settled != lastSettled) {
    printf("%lu %d %d\n", (unsigned long)t, count, settled);
    lastCount = count;
    lastSettled = settled;
  }
}

static void start_pit(char* line) {
  deb = 200;
  track = true;
  cal.zero16 = 0;
  cal.gainQ4 = DEFAULT_GAIN_Q4;
  cal.flags = CAL_GAIN;
  cal.p1n = 0;
  cal.p1diff = 0;
  for (char* tok = strtok(line + 3, " \t\r\n"); tok != NULL; tok = strtok(NULL, " \t\r\n")) {
    if (strncmp(tok, "deb=", 4) == 0) deb = (uint16_t)atol(tok + 4);
    else if (strncmp(tok, "zero=", 5) == 0) {
      cal.zero16 = (int32_t)(atol(tok + 5) * 16);
      cal.flags |= CAL_ZERO;
    } else if (strncmp(tok, "gain=", 5) == 0) cal.gainQ4 = (int32_t)(atof(tok + 5) * 16);
    else if (strncmp(tok, "track=", 6) == 0) track = atoi(tok + 6) != 0;
    else if (strcmp(tok, "verbose") == 0) verbose = true;
    else {
      fprintf(stderr, "sense-replay: unknown header field %s\n", tok);
      exit(2);
    }
  }
  cal_update(&cal);
  pit_reset(&pit);
  started = true;
  lastT = 0;
  nextSecond = 1000;
  lastCount = -2;
  lastSettled = -1;
  printf("pit\n");
}

// time passes up to t (exclusive of a reading at t): the settle timer may run
// out, and the once-a-second work may come
static void advance(uint32_t t) {
  for (;;) {
    uint32_t settleAt = pit.settleSince + deb;
    bool timer = (pit.flags & PS_INIT) && !pit_faulty(&pit) && lastSettled == 0 &&
                 (int32_t)(settleAt - lastT) > 0 && (int32_t)(settleAt - t) < 0;
    bool second = (int32_t)(nextSecond - t) <= 0;
    if (!timer && !second) return;
    if (timer && (!second || (int32_t)(settleAt - nextSecond) < 0)) {
      lastT = settleAt;  // once: settleAt is no longer after lastT
      report(settleAt);
    } else {
      lastT = nextSecond;
      pit_retry(&pit);
      if (track) pit_zero_track(&pit, &cal, nextSecond, deb);
      report(nextSecond);
      nextSecond += 1000;
    }
  }
}

int main(int argc, char** argv) {
  (void)argc;
  (void)argv;
  static char line[256];
  while (fgets(line, sizeof line, stdin) != NULL) {
    if (strncmp(line, "pit", 3) == 0) {
      start_pit(line);
      continue;
    }
    if (line[0] == '#' || line[0] == '\n') continue;
    char* end;
    double tms = strtod(line, &end);
    long raw = strtol(end, &end, 10);
    if (!started || tms < 0) {
      fprintf(stderr, "sense-replay: a reading before a 'pit' line, or a bad time: %s", line);
      return 2;
    }
    uint32_t t = (uint32_t)tms;
    if ((int32_t)(t - lastT) < 0) {
      fprintf(stderr, "sense-replay: time goes back: %s", line);
      return 2;
    }
    advance(t);
    lastT = t;
    pit_reading(&pit, &cal, (int32_t)raw, t);
    if (verbose) {
      printf("# %lu raw=%ld x=%ld count=%u since=%lu run=%u mean=%ld\n", (unsigned long)t, raw,
             (long)pit.x, pit.count, (unsigned long)pit.settleSince, pit.runN,
             (long)(pit.runN ? pit.runSum / pit.runN : 0));
    }
    report(t);
  }
  return 0;
}
