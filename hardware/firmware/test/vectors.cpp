#include "vectors.h"

#include <stdio.h>
#include <stdlib.h>

#ifndef KETE_VECTORS_DIR
#define KETE_VECTORS_DIR "../../firmware-protocol/vectors"
#endif

static void put_utf8(std::string* out, unsigned cp) {
  if (cp < 0x80) {
    *out += (char)cp;
  } else if (cp < 0x800) {
    *out += (char)(0xC0 | (cp >> 6));
    *out += (char)(0x80 | (cp & 0x3F));
  } else {
    *out += (char)(0xE0 | (cp >> 12));
    *out += (char)(0x80 | ((cp >> 6) & 0x3F));
    *out += (char)(0x80 | (cp & 0x3F));
  }
}

// the string value of "key": in a JSON object line (top level keys come first in these files)
static bool string_field(const std::string& json, const char* key, std::string* out) {
  std::string pat = std::string("\"") + key + "\":\"";
  size_t at = json.find(pat);
  if (at == std::string::npos) return false;
  out->clear();
  for (size_t i = at + pat.size(); i < json.size(); i++) {
    char c = json[i];
    if (c == '"') return true;
    if (c != '\\') {
      *out += c;
      continue;
    }
    char e = json[++i];
    switch (e) {
      case 'n': *out += '\n'; break;
      case 'r': *out += '\r'; break;
      case 't': *out += '\t'; break;
      case 'b': *out += '\b'; break;
      case 'f': *out += '\f'; break;
      case 'u': {
        unsigned cp = (unsigned)strtoul(json.substr(i + 1, 4).c_str(), 0, 16);
        i += 4;
        put_utf8(out, cp);
        break;
      }
      default: *out += e; break;
    }
  }
  return false;
}

std::vector<Vector> load_vectors(const char* file) {
  std::vector<Vector> v;
  std::string path = std::string(KETE_VECTORS_DIR) + "/" + file;
  FILE* f = fopen(path.c_str(), "rb");
  if (!f) return v;
  std::string text;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, f)) > 0) text.append(buf, n);
  fclose(f);
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string json = text.substr(start, end - start);
    start = end + 1;
    if (json.empty()) continue;
    Vector x;
    x.json = json;
    string_field(json, "direction", &x.direction);
    string_field(json, "line", &x.line);
    string_field(json, "error", &x.error);
    v.push_back(x);
  }
  return v;
}
