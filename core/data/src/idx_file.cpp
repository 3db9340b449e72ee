// IDX: a 4-byte big-endian magic (0, 0, type, ndim), ndim big-endian uint32 dimensions, then the
// elements row-major. We read through zlib's gz* API, which decompresses a gzip file and passes a
// raw one through unchanged ("transparent" mode), so one code path serves both; a file that is
// neither gzip nor IDX is caught by the magic check.
#include "idx_file.h"

#include <zlib.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <memory>
#include <stdexcept>

#include "ampscope/user_text.h"

namespace ampscope::detail {
namespace {

/// "<path>: <problem>", the problem translatable.
[[noreturn]] void fail(const std::string& path, TextTemplate problem, std::vector<UserText::Arg> args = {}) {
  throw UserRuntimeError(UserText::untranslated("%1: %2", {path, UserText(problem, std::move(args))}));
}

std::string hex32(std::uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08x", v);
  return buf;
}

struct GzCloser {
  void operator()(gzFile_s* f) const { gzclose(f); }
};
using GzFile = std::unique_ptr<gzFile_s, GzCloser>;

/// Reads up to `n` bytes; returns how many arrived (short only at end of data). A zlib error
/// (corrupt or truncated compressed stream) throws.
std::int64_t read_some(gzFile f, const std::string& path, void* dst, std::int64_t n) {
  auto* out = static_cast<unsigned char*>(dst);
  std::int64_t got = 0;
  while (got < n) {
    // gzread takes an unsigned length and returns int: read in chunks well below INT_MAX.
    const auto chunk = static_cast<unsigned>(std::min<std::int64_t>(n - got, 1 << 26));
    const int r = gzread(f, out + got, chunk);
    if (r < 0) {
      int errnum = 0;
      const char* msg = gzerror(f, &errnum);
      fail(path, AMPSCOPE_TR_NOOP("ampscope::Dataset", "read error (%1): the file is corrupt or not a gzip/IDX file"),
           {std::string(msg ? msg : "unknown")});
    }
    if (r == 0) break;
    got += r;
  }
  if (got < n) {
    // A truncated gzip stream ends "early" without an error from gzread on some zlib versions;
    // gzerror tells us why the data stopped.
    int errnum = Z_OK;
    const char* msg = gzerror(f, &errnum);
    if (errnum != Z_OK && msg && *msg) fail(path, AMPSCOPE_TR_NOOP("ampscope::Dataset", "corrupt compressed data (%1)"), {std::string(msg)});
  }
  return got;
}

std::uint32_t big_endian(const unsigned char* p) {
  return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) | p[3];
}

}  // namespace

std::vector<std::int64_t> read_idx_u8_into(const std::string& path, const IdxLimits& limits,
                                           const IdxAllocator& alloc) {
  if (limits.ndim < 1 || limits.ndim > 8) fail(path, AMPSCOPE_TR_NOOP("ampscope::Dataset", "unsupported IDX dimension count"));
  GzFile file(gzopen(path.c_str(), "rb"));
  if (!file) fail(path, AMPSCOPE_TR_NOOP("ampscope::Dataset", "cannot open"));
  gzbuffer(file.get(), 1 << 17);

  const std::uint32_t expected_magic = 0x00000800u | static_cast<std::uint32_t>(limits.ndim);
  const std::int64_t header_bytes = 4 + 4 * std::int64_t{limits.ndim};
  std::array<unsigned char, 4 + 4 * 8> header{};

  std::int64_t got = read_some(file.get(), path, header.data(), 4);
  if (got < 4)
    fail(path, AMPSCOPE_TR_NOOP("ampscope::Dataset", "truncated: %1 bytes, shorter than the 4-byte IDX magic (empty file?)"),
         {std::to_string(got)});
  const std::uint32_t magic = big_endian(header.data());
  if (magic != expected_magic)
    fail(path,
         AMPSCOPE_TR_NOOP("ampscope::Dataset", "bad magic number %1 (expected %2: IDX, unsigned bytes, %3 dimension(s)); "
                                                "the file is corrupt or not the right dataset file"),
         {hex32(magic), hex32(expected_magic), std::to_string(limits.ndim)});

  got = read_some(file.get(), path, header.data() + 4, header_bytes - 4);
  if (got < header_bytes - 4) fail(path, AMPSCOPE_TR_NOOP("ampscope::Dataset", "truncated inside the IDX header"));

  std::vector<std::int64_t> dims;
  std::int64_t total = 1;
  for (int i = 0; i < limits.ndim; ++i) {
    const std::int64_t d = big_endian(header.data() + 4 + 4 * i);
    if (d < 1 || d > limits.max_dim)
      fail(path, AMPSCOPE_TR_NOOP("ampscope::Dataset", "dimension %1 is %2 (allowed 1..%3)"),
           {std::to_string(i), std::to_string(d), std::to_string(limits.max_dim)});
    dims.push_back(d);
    // Both factors are <= 2^24 and total <= max_bytes <= 2^40 before each step: no overflow.
    total *= d;
    if (total > limits.max_bytes)
      fail(path, AMPSCOPE_TR_NOOP("ampscope::Dataset", "header claims more than %1 bytes of data"), {std::to_string(limits.max_bytes)});
  }

  // A small corrupt file must not cost a large allocation: a raw file holds exactly its payload
  // after the header, and deflate expands at most ~1032:1, so the file's size bounds what the
  // header may claim. (The exact check against the data read still follows.)
  std::error_code ec;
  const auto file_bytes = static_cast<std::int64_t>(std::filesystem::file_size(path, ec));
  if (!ec) {
    const bool raw = gzdirect(file.get()) != 0;
    const std::int64_t most = raw ? file_bytes - header_bytes : file_bytes * 1100;
    if (total > most)
    {
      if (raw)
        fail(path, AMPSCOPE_TR_NOOP("ampscope::Dataset", "truncated: the header promises %1 data bytes, the file holds %2"),
             {std::to_string(total), std::to_string(std::max<std::int64_t>(most, 0))});
      fail(path,
           AMPSCOPE_TR_NOOP("ampscope::Dataset", "truncated: the header promises %1 data bytes, the %2-byte compressed file cannot hold that many"),
           {std::to_string(total), std::to_string(file_bytes)});
    }
  }
  unsigned char* data = alloc(dims, total);
  got = read_some(file.get(), path, data, total);
  if (got < total)
    fail(path, AMPSCOPE_TR_NOOP("ampscope::Dataset", "truncated: the header promises %1 data bytes, the file holds %2"),
         {std::to_string(total), std::to_string(got)});
  unsigned char extra = 0;
  if (read_some(file.get(), path, &extra, 1) != 0)
    fail(path, AMPSCOPE_TR_NOOP("ampscope::Dataset", "longer than its header says (trailing data after %1 data bytes): "
                                           "the header's counts do not match the file"),
         {std::to_string(total)});
  return dims;
}

}  // namespace ampscope::detail
