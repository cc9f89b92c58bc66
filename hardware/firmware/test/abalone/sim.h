// sim.h: the physics of hardware/abalone.md §2–§4 for the native tests of
// hall.cpp — 61 TMAG5273A1 sensors 12 mm below the marbles' centres on a 40 mm
// triangular grid, each marble a point dipole (a sphere magnet's outside field
// is exactly a dipole's) pointing wherever it came to rest, with the
// tolerances of §4: marble up to 3 mm off its hole centre, magnet up to 0.5 mm
// off the marble's centre, moment ±5 %, sensor gain ±2 %, noise 0.05 mT rms
// per axis, a sensor offset (removed by TARE) and an earth-field change up to
// 0.04 mT. Fields in mT; readings in the sensor's lsb (80 mT / 65536).
#ifndef KETE_ABALONE_SIM_H
#define KETE_ABALONE_SIM_H

#include <math.h>
#include <stdint.h>

#include "hall.h"

#define SIM_D 12.0          // mm, marble centre above the Hall element
#define SIM_K_BLACK 6.8     // mT: μ0|m|/(4π d³) of the 6 mm N42 sphere (§2.2)
#define SIM_K_WHITE 2.0     // mT: the 4 mm sphere
#define SIM_LSB_MT (80.0 / 65536.0)

struct Rng {
  uint64_t s;
  explicit Rng(uint64_t seed) : s(seed * 6364136223846793005ull + 1442695040888963407ull) {}
  uint32_t next() {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(s >> 33);
  }
  double uni() { return (next() + 0.5) / 2147483648.0; }  // (0, 1)
  double sym(double a) { return (2 * uni() - 1) * a; }
  double gauss() { return sqrt(-2 * log(uni())) * cos(6.283185307179586 * uni()); }
  void dir(double v[3]) {  // uniform on the sphere
    double z = sym(1), t = 6.283185307179586 * uni(), r = sqrt(1 - z * z);
    v[0] = r * cos(t);
    v[1] = r * sin(t);
    v[2] = z;
  }
  void disc(double r, double v[2]) {
    double a = 6.283185307179586 * uni(), q = r * sqrt(uni());
    v[0] = q * cos(a);
    v[1] = q * sin(a);
  }
};

static inline void sim_pos(uint8_t hole, double* x, double* y) {
  static double px[HALL_HOLES], py[HALL_HOLES];
  static bool done = false;
  if (!done) {
    for (uint8_t h = 0; h < HALL_HOLES; h++) {
      int8_t r, c;
      hall_rowcol(h, &r, &c);
      px[h] = 40.0 * (c - r / 2.0);
      py[h] = 34.64101615 * r;
    }
    done = true;
  }
  *x = px[hole];
  *y = py[hole];
}

struct Marble {
  uint8_t hole;   // HALL_NONE: off the board
  double k;       // mT at 12 mm
  double dir[3];  // unit moment direction
  double off[3];  // magnet position relative to the hole centre at marble height, mm
};

struct Sim {
  Marble m[64];
  int n;
  double gain[HALL_HOLES];
  double offset[HALL_HOLES][3];  // sensor offset and stray fields, mT
  double earth[3];               // change of the earth's field since TARE, mT
  double noise;                  // mT rms per axis
  Rng rng;

  explicit Sim(uint64_t seed) : n(0), noise(0.05), rng(seed) {
    for (int h = 0; h < HALL_HOLES; h++) {
      gain[h] = 1 + rng.sym(0.02);
      for (int a = 0; a < 3; a++) offset[h][a] = rng.sym(0.3);
    }
    earth[0] = earth[1] = earth[2] = 0;
  }
  void clear() { n = 0; }
  // A marble come to rest in `hole` with the tolerances of §4.
  Marble* put(uint8_t hole, double k, bool tolerances = true) {
    Marble* mb = &m[n++];
    mb->hole = hole;
    mb->k = k * (tolerances ? 1 + rng.sym(0.05) : 1);
    rng.dir(mb->dir);
    double d[2] = {0, 0}, e[3] = {0, 0, 0};
    if (tolerances) {
      rng.disc(3.0, d);
      rng.dir(e);
      double q = rng.uni() * 0.5;
      for (int a = 0; a < 3; a++) e[a] *= q;
    }
    mb->off[0] = d[0] + e[0];
    mb->off[1] = d[1] + e[1];
    mb->off[2] = e[2];
    return mb;
  }
  // The field at hole h's sensor, mT, without noise.
  void field(uint8_t h, double B[3]) const {
    double sx, sy;
    sim_pos(h, &sx, &sy);
    B[0] = B[1] = B[2] = 0;
    for (int i = 0; i < n; i++) {
      const Marble* mb = &m[i];
      if (mb->hole == HALL_NONE) continue;
      double mx, my;
      sim_pos(mb->hole, &mx, &my);
      double R[3] = {mx + mb->off[0] - sx, my + mb->off[1] - sy, SIM_D + mb->off[2]};
      double r = sqrt(R[0] * R[0] + R[1] * R[1] + R[2] * R[2]);
      if (r > 200) continue;
      double q = SIM_D / r, s = mb->k * q * q * q;
      double dot = (mb->dir[0] * R[0] + mb->dir[1] * R[1] + mb->dir[2] * R[2]) / r;
      for (int a = 0; a < 3; a++) B[a] += s * (3 * dot * R[a] / r - mb->dir[a]);
    }
  }
  // One scan's readings, lsb.
  void read(int16_t raw[HALL_HOLES][3]) {
    for (uint8_t h = 0; h < HALL_HOLES; h++) {
      double B[3];
      field(h, B);
      for (int a = 0; a < 3; a++) {
        double v = (B[a] + offset[h][a] + earth[a]) * gain[h] + noise * rng.gauss();
        double q = floor(v / SIM_LSB_MT + 0.5);
        raw[h][a] = (int16_t)(q > 32767 ? 32767 : q < -32768 ? -32768 : q);
      }
    }
  }
};

#endif
