// A first-in first-out queue of StepRecords that reuses the storage of records it has held, so
// that once it is warm, passing a record through allocates nothing: a record copied in is
// copy-assigned into a spare whose layer vector and histograms already have the capacity, and
// records the consumer is done with come back as spares through recycle(). At most `max_spare`
// spares are kept; a backlog's records are released when it drains. Used by the session's record
// channel and by the RunRecorder's queue (issue 18: no per-step allocations in the record).
// Not thread-safe: each owner holds its own lock around every call.
#pragma once

#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

#include "ampscope/session_types.h"

namespace ampscope::detail {

class RecordQueue {
 public:
  /// `max_spare`: records kept for their storage beyond those queued.
  explicit RecordQueue(std::size_t max_spare = 64) : m_max_spare(max_spare) { m_spare.reserve(max_spare); }

  std::size_t size() const { return m_count; }
  bool empty() const { return m_count == 0; }

  /// Appends a copy of `r`, into storage the queue already has where it can.
  void push_copy(const StepRecord& r) {
    StepRecord& slot = next_slot();
    if (slot.layers.capacity() < r.layers.size() && !m_spare.empty()) {
      std::swap(slot, m_spare.back());
      m_spare.pop_back();
    }
    slot = r;
  }
  /// Appends `r` itself; `r` is left with storage to reuse (or empty).
  void push_swap(StepRecord& r) { std::swap(next_slot(), r); }

  /// The oldest record goes to `out`, swapped with `out`'s previous contents.
  void pop_into(StepRecord& out) {
    std::swap(m_ring[m_head], out);
    m_head = (m_head + 1) % m_ring.size();
    --m_count;
  }
  /// The oldest record appended to `out` (its slot is left empty: storage stays only in the
  /// records queued and in the spares, so a backlog's memory goes once it is drained).
  void pop_back_into(std::vector<StepRecord>& out) {
    out.emplace_back();
    pop_into(out.back());
  }
  /// Drops the oldest record, keeping its storage.
  void drop_front() {
    m_head = (m_head + 1) % m_ring.size();
    --m_count;
  }
  /// Takes back records a consumer is done with (their storage is reused); `used` is emptied.
  void recycle(std::vector<StepRecord>& used) {
    for (StepRecord& r : used) recycle(std::move(r));
    used.clear();
  }
  void recycle(StepRecord&& r) {
    if (m_spare.size() < m_max_spare && r.layers.capacity() > 0) m_spare.push_back(std::move(r));
  }
  /// A record with storage to fill (from the spares), or an empty one.
  StepRecord take_spare() {
    if (m_spare.empty()) return {};
    StepRecord r = std::move(m_spare.back());
    m_spare.pop_back();
    return r;
  }
  /// Empties the queue and releases the memory.
  void clear() {
    m_ring.clear();
    m_ring.shrink_to_fit();
    m_spare.clear();
    m_head = m_count = 0;
  }

 private:
  // The slot after the newest record; the ring grows (rarely: only while the consumer falls
  // further behind than ever) by rotating the oldest record to the front and appending.
  StepRecord& next_slot() {
    if (m_count == m_ring.size()) {
      std::rotate(m_ring.begin(), m_ring.begin() + static_cast<std::ptrdiff_t>(m_head), m_ring.end());
      m_head = 0;
      m_ring.emplace_back();
    }
    StepRecord& slot = m_ring[(m_head + m_count) % m_ring.size()];
    ++m_count;
    return slot;
  }

  std::vector<StepRecord> m_ring;  // m_count records from m_head on (mod size); the rest: storage
  std::size_t m_head = 0, m_count = 0;
  std::vector<StepRecord> m_spare;
  std::size_t m_max_spare;
};

}  // namespace ampscope::detail
