// The run store's schema (docs/run_store.md): what a file must hold to be read, how a new one is
// created, how files of schema 1 and 2 are upgraded, and the JSON arrays of the shape and histogram
// columns. Private to core/store.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <string>
#include <vector>

namespace ampscope::store_detail {

/// 1: the first release. 2: runs.step_count and runs.skipped_count, kept by append_steps in the
/// same transaction as the steps, so that run_summary (the run list) reads no step rows.
/// 3: the run's origin (source, run_group, rank, world_size, writer_host, writer_pid): runs of
/// the Python probe and the ranks of a DDP job.
inline constexpr int kSchemaVersion = 3;

/// The schema version of the run store in `db` (0: an empty database, allowed unless
/// `read_only`). Throws RunStoreError for anything else than a run store this build reads.
int check_schema(sqlite3* db, const std::string& path, bool read_only);
/// Creates the tables in an empty database (in one IMMEDIATE transaction: of two processes
/// creating the same new file, the second finds the tables and checks them).
void create_schema(sqlite3* db, const std::string& path);
/// Upgrades a file of an older schema in place, in one transaction (nothing changes on failure).
void upgrade_schema(sqlite3* db, const std::string& path);

/// "[1,2,3]" into `out` (cleared first); histograms are most of what a recorder writes, so this
/// formats straight into a reused buffer.
void int_array_json(const std::vector<std::int64_t>& v, std::string& out);
std::string int_array_json(const std::vector<std::int64_t>& v);
/// Parses "[1,2,3]" (the only form this store writes; spaces tolerated for hand edits).
bool parse_int_array(const std::string& s, std::vector<std::int64_t>& out);

}  // namespace ampscope::store_detail
