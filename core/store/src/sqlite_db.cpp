// SQLite failures in words a user can act on (see sqlite_db.h).
#include "sqlite_db.h"

#include <sys/resource.h>
#include <sys/statvfs.h>

#include <cerrno>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <optional>

namespace ampscope::store_detail {

std::string in_quotes(const std::string& path) { return "'" + path + "'"; }

std::string now_iso8601() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

namespace {

/// Why a write may have failed, as far as we can tell afterwards: SQLite's errno is often lost
/// by then (its VFS reports the current errno, not the failed call's), so look at the causes a
/// user can fix: a full disk or a file size limit (ulimit -f).
std::optional<UserText> write_hint(const std::string& path, int sys) {
  // Where the errno did survive (SQLite builds differ: seen with Ubuntu 24.04's), the two
  // causes a user can fix get the same words as when it is found out below.
  struct rlimit lim {};
  if (sys == EFBIG && ::getrlimit(RLIMIT_FSIZE, &lim) == 0 && lim.rlim_cur != RLIM_INFINITY)
    return UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "(the file size limit of %1 bytes was reached, see ulimit -f)"),
                    {std::to_string(lim.rlim_cur)});
  if (sys == ENOSPC) return UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "(no space left on the disk)"));
  if (sys != 0) return UserText::untranslated("(%1)", {std::string(std::strerror(sys))});
  const std::filesystem::path parent = std::filesystem::path(path).parent_path();
  const std::string dir = parent.empty() ? std::string(".") : parent.string();
  struct statvfs fs {};
  if (::statvfs(dir.c_str(), &fs) == 0 && static_cast<double>(fs.f_bavail) * fs.f_frsize < 4.0 * 1024 * 1024)
    return UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "(no space left on the disk)"));
  if (::getrlimit(RLIMIT_FSIZE, &lim) == 0 && lim.rlim_cur != RLIM_INFINITY) {
    std::error_code ec;
    for (const char* suffix : {"", "-wal"}) {
      const auto size = std::filesystem::file_size(path + suffix, ec);
      if (!ec && size + 64 * 1024 >= lim.rlim_cur)
        return UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "(the file size limit of %1 bytes was reached, see ulimit -f)"),
                        {std::to_string(lim.rlim_cur)});
    }
  }
  return std::nullopt;
}

/// `text` followed by the hint, if any.
UserText with_hint(UserText text, std::optional<UserText> hint) {
  if (!hint) return text;
  return UserText::untranslated("%1 %2", {std::move(text), std::move(*hint)});
}


UserText doing_text(Doing doing) {
  switch (doing) {
    case Doing::Reading: return UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "reading"));
    case Doing::Writing: return UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "writing"));
    case Doing::Creating: return UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "creating"));
    case Doing::SettingUp: return UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "setting up"));
    case Doing::CreatingRun: return UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "creating a run in"));
    case Doing::Upgrading: return UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "upgrading"));
  }
  return UserText::verbatim("?");
}

}  // namespace

UserText describe(sqlite3* db, int rc, const std::string& path, Doing doing_what) {
  const int primary = rc & 0xff;
  std::string cause = db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
  const int sys = db ? sqlite3_system_errno(db) : 0;
  if (sys != 0 && (primary == SQLITE_IOERR || primary == SQLITE_CANTOPEN))
    cause += std::string(" (") + std::strerror(sys) + ")";
  const UserText doing = doing_text(doing_what);
  const std::string where = in_quotes(path);
  switch (primary) {
    case SQLITE_FULL:
      return UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "disk full while %1 %2: %3"),
                      {doing, where, with_hint(UserText::verbatim(cause), write_hint(path, sys))});
    case SQLITE_IOERR: {
      UserText why = UserText::verbatim(cause);
      if (rc == SQLITE_IOERR_WRITE || rc == SQLITE_IOERR_FSYNC)
        why = with_hint(UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "writing to the disk failed")), write_hint(path, sys));
      return UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "I/O error while %1 %2: %3"), {doing, where, std::move(why)});
    }
    case SQLITE_NOTADB:
      return UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "%1 is not an AmpScope run store (not an SQLite database)"), {where});
    case SQLITE_CORRUPT: return UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "%1 is damaged (%2) while %3"), {where, cause, doing});
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      return UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "%1 is locked by another process (%2) while %3"), {where, cause, doing});
    case SQLITE_READONLY:
      if (rc == SQLITE_READONLY_DBMOVED)
        return UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "%1 was moved or deleted while %2"), {where, doing});
      return UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "%1 cannot be written (%2) while %3"), {where, cause, doing});
    default: return UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "%1 %2 failed: %3"), {doing, where, cause});
  }
}


void exec(sqlite3* db, const std::string& path, const char* sql, Doing doing) {
  char* err = nullptr;
  const int rc = sqlite3_exec(db, sql, nullptr, nullptr, &err);
  sqlite3_free(err);
  if (rc != SQLITE_OK) throw RunStoreError(describe(db, rc, path, doing));
}

void rollback_quietly(sqlite3* db) {
  if (db && !sqlite3_get_autocommit(db)) sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
}

}  // namespace ampscope::store_detail
