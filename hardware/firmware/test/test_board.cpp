// The whole board logic on the rig: session, commands, snapshots, calibration.
#include <stdio.h>

#include "check.h"
#include "rig.h"

static Rig rig;

TEST(tare_all_then_cal) {
  rig.boot();
  rig.step(500);
  rig.take();
  rig.send("0A TARE");
  rig.step(1500);
  CHECK(rig.saw("ACK 0A"));
  std::vector<std::string> v = rig.take();
  for (size_t i = 0; i < v.size(); i++)
    if (v[i].compare(0, 4, "SNAP") != 0) printf("  %s\n", v[i].c_str());
}
