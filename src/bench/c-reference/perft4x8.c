/*
 * A careful C implementation of the four-row games' perft with compulsory
 * captures (shared/rules/mancala-4x8.md), the yardstick for the TypeScript
 * engine's speed: `npm run bench` compiles it with the machine's C compiler,
 * if there is one, and prints both throughputs side by side. It is written
 * from the rules, and its counts are checked against the engine's there.
 *
 * usage:  perft4x8 VARIANT DEPTH
 *         VARIANT: 0 husbao, 1 husbao-bis, 2 husbao-front, 3 hus, 4 bao-de
 * prints: COUNT MILLISECONDS
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int NEXT[2][32];
static int takes_back, needs_occupied, end_rule, max_stages = 200;

/* One whole turn from `start`; 0 when CORE-5 refuses it. */
static int run_turn(unsigned char *b, int start, int dir) {
  const int *next = NEXT[dir];
  int stage = 1, hand = b[start], p = start;
  b[start] = 0;
  for (;;) {
    while (hand--) {
      p = next[p];
      b[p]++;
    }
    int own = b[p];
    if (p >= 8 && p < 24) {
      int front = p < 16 ? p + 8 : p - 8;
      if (b[front] && (!needs_occupied || own >= 2)) {
        if (stage >= max_stages) return 0;
        stage++;
        hand = b[front] + own;
        b[front] = 0;
        if (takes_back) {
          int back = front < 16 ? front - 8 : front + 8;
          hand += b[back];
          b[back] = 0;
        }
        b[p] = 0;
        continue;
      }
    }
    if (own < 2) return 1;
    if (stage >= max_stages) return 0;
    stage++;
    hand = own;
    b[p] = 0;
  }
}

static int front_empty(const unsigned char *b, int side) {
  int first = side ? 16 : 8;
  for (int i = first; i < first + 8; i++)
    if (b[i]) return 0;
  return 1;
}

static long perft(const unsigned char *b, int side, int depth, int ndirs) {
  if (depth == 0) return 1;
  if (end_rule == 8 && (front_empty(b, 0) || front_empty(b, 1))) return 1;
  if (end_rule == 4 && front_empty(b, side)) return 1;
  long total = 0;
  unsigned char child[32];
  for (int s = side * 16; s < side * 16 + 16; s++) {
    if (b[s] < 2) continue;
    for (int dir = 0; dir < ndirs; dir++) {
      memcpy(child, b, 32);
      if (!run_turn(child, s, dir)) continue;
      total += depth == 1 ? 1 : perft(child, side ^ 1, depth - 1, ndirs);
    }
  }
  return total ? total : 1;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: perft4x8 VARIANT DEPTH\n");
    return 2;
  }
  int variant = atoi(argv[1]), depth = atoi(argv[2]);
  static const int cw[2][16] = {{8, 9, 10, 11, 12, 13, 14, 15, 7, 6, 5, 4, 3, 2, 1, 0},
                                {24, 25, 26, 27, 28, 29, 30, 31, 23, 22, 21, 20, 19, 18, 17, 16}};
  for (int s = 0; s < 2; s++)
    for (int k = 0; k < 16; k++) {
      NEXT[0][cw[s][k]] = cw[s][(k + 1) & 15];
      NEXT[1][cw[s][k]] = cw[s][(k + 15) & 15];
    }
  const char *setup = variant < 3    ? "22222222222200000000222222222222"
                      : variant == 3 ? "22222222000022222222000022222222"
                                     : "22222222222222222222222222222222";
  unsigned char b[32];
  for (int i = 0; i < 32; i++) b[i] = (unsigned char)(setup[i] - '0');
  takes_back = variant == 1 || variant == 3;
  needs_occupied = variant >= 3;
  end_rule = variant == 2 ? 8 : variant == 4 ? 4 : 7;
  int ndirs = variant == 3 ? 1 : 2; /* hus: clockwise only (HUS-2) */
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  long n = perft(b, 0, depth, ndirs);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double ms = (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6;
  printf("%ld %.3f\n", n, ms);
  return 0;
}
