// Test helper: a run store on a slow disk, on purpose. Installs an SQLite VFS that wraps the
// default one ("unix") and sleeps in every xWrite and xSync, and makes it the default, so that
// every connection opened afterwards in this process (the recorder's included: core links the
// same libsqlite3) writes through it. The delays can change at any time, also while a writer
// is busy: a test makes the writer fall far behind, checks what it needs, then sets them to
// zero so that the writer catches up. Reads are not slowed.
//
// Test code only: the shipped library has no such hook.
#pragma once

#include <sqlite3.h>

#include <atomic>
#include <chrono>
#include <thread>

namespace ampscope::storetest {

class SlowSqliteVfs {
 public:
  /// Installs the VFS as the default (once per process) and sets the delays.
  static void install(std::chrono::microseconds perWrite, std::chrono::microseconds perSync = {}) {
    static const bool registered = [] {
      real() = sqlite3_vfs_find(nullptr);
      sqlite3_vfs& v = vfs();
      v.iVersion = 2;
      v.szOsFile = static_cast<int>(sizeof(File)) + real()->szOsFile;
      v.mxPathname = real()->mxPathname;
      v.zName = "ampscope-slow";
      v.xOpen = &open;
      v.xDelete = [](sqlite3_vfs*, const char* n, int s) { return real()->xDelete(real(), n, s); };
      v.xAccess = [](sqlite3_vfs*, const char* n, int f, int* o) { return real()->xAccess(real(), n, f, o); };
      v.xFullPathname = [](sqlite3_vfs*, const char* n, int k, char* o) { return real()->xFullPathname(real(), n, k, o); };
      v.xDlOpen = [](sqlite3_vfs*, const char* n) { return real()->xDlOpen(real(), n); };
      v.xDlError = [](sqlite3_vfs*, int k, char* o) { real()->xDlError(real(), k, o); };
      v.xDlSym = [](sqlite3_vfs*, void* h, const char* n) { return real()->xDlSym(real(), h, n); };
      v.xDlClose = [](sqlite3_vfs*, void* h) { real()->xDlClose(real(), h); };
      v.xRandomness = [](sqlite3_vfs*, int k, char* o) { return real()->xRandomness(real(), k, o); };
      v.xSleep = [](sqlite3_vfs*, int us) { return real()->xSleep(real(), us); };
      v.xCurrentTime = [](sqlite3_vfs*, double* t) { return real()->xCurrentTime(real(), t); };
      v.xGetLastError = [](sqlite3_vfs*, int k, char* o) { return real()->xGetLastError(real(), k, o); };
      v.xCurrentTimeInt64 = [](sqlite3_vfs*, sqlite3_int64* t) { return real()->xCurrentTimeInt64(real(), t); };
      return sqlite3_vfs_register(&v, 1) == SQLITE_OK;
    }();
    if (registered) sqlite3_vfs_register(&vfs(), 1);  // the default again after an uninstall()
    setDelays(perWrite, perSync);
  }
  /// Makes the real VFS the default again (connections already open keep the slow one).
  static void uninstall() {
    setDelays({});
    if (real()) sqlite3_vfs_register(real(), 1);
  }
  static void setDelays(std::chrono::microseconds perWrite, std::chrono::microseconds perSync = {}) {
    writeDelayUs().store(perWrite.count());
    syncDelayUs().store(perSync.count());
  }
  /// Writes and syncs seen since install (all files: database, WAL, journal).
  static long long writes() { return writeCount().load(); }

 private:
  struct File {
    sqlite3_file base;  // followed by the real VFS's file
  };
  static sqlite3_file* inner(sqlite3_file* f) { return reinterpret_cast<sqlite3_file*>(reinterpret_cast<File*>(f) + 1); }
  static sqlite3_vfs*& real() {
    static sqlite3_vfs* v = nullptr;
    return v;
  }
  static sqlite3_vfs& vfs() {
    static sqlite3_vfs v{};
    return v;
  }
  static std::atomic<long long>& writeDelayUs() {
    static std::atomic<long long> v{0};
    return v;
  }
  static std::atomic<long long>& syncDelayUs() {
    static std::atomic<long long> v{0};
    return v;
  }
  static std::atomic<long long>& writeCount() {
    static std::atomic<long long> v{0};
    return v;
  }
  static void pause(const std::atomic<long long>& us) {
    if (const long long d = us.load(); d > 0) std::this_thread::sleep_for(std::chrono::microseconds(d));
  }

  static int open(sqlite3_vfs*, const char* name, sqlite3_file* f, int flags, int* outFlags) {
    sqlite3_file* in = inner(f);
    const int rc = real()->xOpen(real(), name, in, flags, outFlags);
    f->pMethods = in->pMethods ? &methods() : nullptr;
    return rc;
  }

  static const sqlite3_io_methods& methods() {
    static const sqlite3_io_methods m = [] {
      sqlite3_io_methods x{};
      x.iVersion = 3;
      x.xClose = [](sqlite3_file* f) {
        sqlite3_file* in = inner(f);
        const int rc = in->pMethods ? in->pMethods->xClose(in) : SQLITE_OK;
        f->pMethods = nullptr;
        return rc;
      };
      x.xRead = [](sqlite3_file* f, void* b, int n, sqlite3_int64 o) { return inner(f)->pMethods->xRead(inner(f), b, n, o); };
      x.xWrite = [](sqlite3_file* f, const void* b, int n, sqlite3_int64 o) {
        ++writeCount();
        pause(writeDelayUs());
        return inner(f)->pMethods->xWrite(inner(f), b, n, o);
      };
      x.xTruncate = [](sqlite3_file* f, sqlite3_int64 s) { return inner(f)->pMethods->xTruncate(inner(f), s); };
      x.xSync = [](sqlite3_file* f, int fl) {
        pause(syncDelayUs());
        return inner(f)->pMethods->xSync(inner(f), fl);
      };
      x.xFileSize = [](sqlite3_file* f, sqlite3_int64* s) { return inner(f)->pMethods->xFileSize(inner(f), s); };
      x.xLock = [](sqlite3_file* f, int l) { return inner(f)->pMethods->xLock(inner(f), l); };
      x.xUnlock = [](sqlite3_file* f, int l) { return inner(f)->pMethods->xUnlock(inner(f), l); };
      x.xCheckReservedLock = [](sqlite3_file* f, int* o) { return inner(f)->pMethods->xCheckReservedLock(inner(f), o); };
      x.xFileControl = [](sqlite3_file* f, int op, void* a) { return inner(f)->pMethods->xFileControl(inner(f), op, a); };
      x.xSectorSize = [](sqlite3_file* f) { return inner(f)->pMethods->xSectorSize(inner(f)); };
      x.xDeviceCharacteristics = [](sqlite3_file* f) { return inner(f)->pMethods->xDeviceCharacteristics(inner(f)); };
      x.xShmMap = [](sqlite3_file* f, int p, int s, int e, void volatile** o) {
        return inner(f)->pMethods->xShmMap(inner(f), p, s, e, o);
      };
      x.xShmLock = [](sqlite3_file* f, int o, int n, int fl) { return inner(f)->pMethods->xShmLock(inner(f), o, n, fl); };
      x.xShmBarrier = [](sqlite3_file* f) { inner(f)->pMethods->xShmBarrier(inner(f)); };
      x.xShmUnmap = [](sqlite3_file* f, int d) { return inner(f)->pMethods->xShmUnmap(inner(f), d); };
      x.xFetch = [](sqlite3_file* f, sqlite3_int64 o, int n, void** p) {
        sqlite3_file* in = inner(f);
        if (in->pMethods->iVersion < 3) return (*p = nullptr), SQLITE_OK;
        return in->pMethods->xFetch(in, o, n, p);
      };
      x.xUnfetch = [](sqlite3_file* f, sqlite3_int64 o, void* p) {
        sqlite3_file* in = inner(f);
        if (in->pMethods->iVersion < 3) return SQLITE_OK;
        return in->pMethods->xUnfetch(in, o, p);
      };
      return x;
    }();
    return m;
  }
};

}  // namespace ampscope::storetest
