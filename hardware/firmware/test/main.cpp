// Runs every TEST() in this folder; exit status 1 when any check failed.
#include <stdlib.h>

#include "check.h"

TestCase* g_tests = 0;
int g_failures = 0;
const char* g_current = "";

int main(int argc, char** argv) {
  // reverse the registration list so tests run in file order
  TestCase* list = 0;
  while (g_tests) {
    TestCase* t = g_tests;
    g_tests = t->next;
    t->next = list;
    list = t;
  }
  int run = 0;
  for (TestCase* t = list; t; t = t->next) {
    if (argc > 1 && strstr(t->name, argv[1]) == 0) continue;
    g_current = t->name;
    int before = g_failures;
    t->fn();
    run++;
    if (g_failures != before) fprintf(stderr, "FAIL %s\n", t->name);
  }
  printf("native firmware tests: %d run, %d failed checks\n", run, g_failures);
  return g_failures == 0 ? 0 : 1;
}
