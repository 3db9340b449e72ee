// Who wrote a run and where it belongs: a run's origin in the run store (schema 3,
// docs/run_store.md). Torch-free and Qt-free.
#pragma once

#include <cstdint>
#include <string>

namespace ampscope {

/// Who wrote a run and where it belongs (schema 3; runs of older files read as the defaults).
struct RunOrigin {
  std::string source = "ampscope";  ///< "ampscope" (a built-in session) | "probe" (the Python probe)
  std::string group;                ///< run group: the ranks of one DDP job share it ("" = none)
  int rank = 0;
  int world_size = 1;
  std::string host;                 ///< the writer's host name (create_run fills it when empty)
  std::int64_t pid = 0;             ///< the writer's process id (create_run fills it when 0)
};

}  // namespace ampscope
