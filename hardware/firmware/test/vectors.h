// vectors.h: reads firmware-protocol/vectors/*.jsonl (PROTOCOL.md §13) — just
// the fields the firmware tests need, with a minimal JSON string reader.
#ifndef KETE_VECTORS_H
#define KETE_VECTORS_H

#include <string>
#include <vector>

struct Vector {
  std::string direction;  // "board-to-host" / "host-to-board"
  std::string line;       // bytes of the line (UTF-8), no terminator
  std::string error;      // invalid.jsonl: the host codec's error code
  std::string json;       // the whole JSON line
};

// file: "valid.jsonl" or "invalid.jsonl"; an empty result means it could not be read.
std::vector<Vector> load_vectors(const char* file);

#endif
