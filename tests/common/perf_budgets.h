#pragma once
// Wall-clock budgets (issue 18, docs/reliability.md#ci-stages-and-times). A functional test checks
// what happens and waits on events; its timing claims (the GUI thread's longest pause, how long a
// close takes) are checked only where AMPSCOPE_PERF_BUDGETS=1: the CTest tests labelled `perf`
// that run the same test functions (ampscope_add_perf_budgets in cmake/AmpScopeTesting.cmake),
// one at a time, in the optimised build. Elsewhere the numbers are still printed.
#include <QtGlobal>

namespace ampscope::perf {
inline bool budgetsChecked() { return qEnvironmentVariableIntValue("AMPSCOPE_PERF_BUDGETS") == 1; }
}  // namespace ampscope::perf
