// RunStore's private state, shared by its writing (run_store.cpp) and reading
// (run_store_reads.cpp) halves. Private to core/store.
#pragma once

#include "ampscope/run_store.h"

#include "sqlite_db.h"

#include <sqlite3.h>

#include <mutex>
#include <string>

namespace ampscope {

struct RunStore::Impl {
  std::string path;
  Mode mode = Mode::ReadWrite;
  sqlite3* db = nullptr;
  // One connection, used by one thread at a time: statements are cached and reused.
  mutable std::mutex mutex;
  store_detail::Statement insert_step, insert_stat, count_steps;
  std::string hist_buffer;
  int file_version = 0;  ///< the file's schema version, once checked

  ~Impl() {
    insert_step = store_detail::Statement();
    insert_stat = store_detail::Statement();
    count_steps = store_detail::Statement();
    if (db) sqlite3_close_v2(db);
  }

  void exec(const char* sql, store_detail::Doing doing) { store_detail::exec(db, path, sql, doing); }
  store_detail::Statement prepare(const char* sql) const { return store_detail::Statement(db, path, sql); }
  void rollback_quietly() { store_detail::rollback_quietly(db); }

  /// Opens the connection, checks the schema; ReadWrite: sets WAL up, creates or upgrades.
  void open();
};

}  // namespace ampscope
