// check.h: a tiny assert harness for the native tests (no framework to download).
#ifndef KETE_CHECK_H
#define KETE_CHECK_H

#include <stdio.h>
#include <string.h>

#include <string>

struct TestCase {
  const char* name;
  void (*fn)();
  TestCase* next;
};

extern TestCase* g_tests;
extern int g_failures;
extern const char* g_current;

struct TestRegistrar {
  TestCase tc;
  TestRegistrar(const char* name, void (*fn)()) {
    tc.name = name;
    tc.fn = fn;
    tc.next = g_tests;
    g_tests = &tc;
  }
};

#define TEST(name)                                          \
  static void test_##name();                                \
  static TestRegistrar reg_##name(#name, test_##name);      \
  static void test_##name()

#define CHECK(cond)                                                                 \
  do {                                                                              \
    if (!(cond)) {                                                                  \
      g_failures++;                                                                 \
      fprintf(stderr, "%s:%d: %s: CHECK(%s) failed\n", __FILE__, __LINE__, g_current, #cond); \
    }                                                                               \
  } while (0)

#define CHECK_EQ(a, b)                                                                   \
  do {                                                                                   \
    long long va_ = (long long)(a), vb_ = (long long)(b);                                \
    if (va_ != vb_) {                                                                    \
      g_failures++;                                                                      \
      fprintf(stderr, "%s:%d: %s: %s == %lld, expected %s == %lld\n", __FILE__, __LINE__, \
              g_current, #a, va_, #b, vb_);                                              \
    }                                                                                    \
  } while (0)

#define CHECK_STR(a, b)                                                                       \
  do {                                                                                        \
    std::string sa_ = (a);                                                                    \
    std::string sb_ = (b);                                                                    \
    if (sa_ != sb_) {                                                                         \
      g_failures++;                                                                           \
      fprintf(stderr, "%s:%d: %s: got \"%s\"\n    expected \"%s\"\n", __FILE__, __LINE__, g_current, \
              sa_.c_str(), sb_.c_str());                                                                      \
    }                                                                                         \
  } while (0)

#endif
