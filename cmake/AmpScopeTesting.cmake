# OpenMP threads the tests run with. The tsan preset sets 1: libgomp is not instrumented, so
# ThreadSanitizer cannot see its barriers and would report every parallel region; with one
# OpenMP thread the only threads left are AmpScope's own (session worker, recorder, GUI).
set(AMPSCOPE_TEST_OMP_THREADS 2 CACHE STRING "OMP_NUM_THREADS for the tests")

# Labels (docs/reliability.md#ci-stages-and-times says which CI stage runs which):
#   core, kernels, app, ui, i18n, fuzz, gpu  what a test covers;
#   tsan    also run under ThreadSanitizer (the tsan stage runs only these);
#   perf    wall-clock budgets and measurements: run in the optimised `default` stage only, and
#           always RUN_SERIAL (ctest runs the others two at a time; a second test on 2 cores would
#           disturb a timing). Functional tests wait on events and assert no wall-clock budget;
#   smoke   functional tests that also run in the `default` stage, against the optimised binary.
#
# TIMEOUT rule: about 4x the test's measured time under ASan+UBSan (the slowest stage that runs it;
# ctest prints each test's time), rounded up to 60, 120, 180 or 300 s; never above 300 s for a
# functional test. One hang then costs minutes, not the run: before a stage's tests run,
# scripts/test.sh checks that their worst case (serial timeouts in full, the others halved for
# ctest -j2) fits the stage's cap (stage_test_budget_s there). A test that needs longer is too
# slow for CI: split it.
set(AMPSCOPE_TEST_DEFAULT_TIMEOUT 120)

# ampscope_add_qtest(NAME name SOURCES ... [LIBS ...] [LABELS ...] [TIMEOUT s])
# One Qt Test executable = one CTest test. Runs offscreen, from the build dir.
function(ampscope_add_qtest)
  cmake_parse_arguments(T "" "NAME;TIMEOUT" "SOURCES;LIBS;LABELS" ${ARGN})
  add_executable(${T_NAME} ${T_SOURCES})
  target_link_libraries(${T_NAME} PRIVATE Qt6::Test ${T_LIBS})
  target_compile_definitions(${T_NAME} PRIVATE QT_NO_KEYWORDS
    AMPSCOPE_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
  set_target_properties(${T_NAME} PROPERTIES AUTOMOC ON)
  ampscope_warnings(${T_NAME})
  add_test(NAME ${T_NAME} COMMAND ${T_NAME})
  if(NOT T_TIMEOUT)
    set(T_TIMEOUT ${AMPSCOPE_TEST_DEFAULT_TIMEOUT})
  endif()
  set_tests_properties(${T_NAME} PROPERTIES TIMEOUT ${T_TIMEOUT}
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen;OPENBLAS_NUM_THREADS=1;OMP_NUM_THREADS=${AMPSCOPE_TEST_OMP_THREADS}")
  if(T_LABELS)
    set_tests_properties(${T_NAME} PROPERTIES LABELS "${T_LABELS}")
  endif()
  if("perf" IN_LIST T_LABELS)
    set_tests_properties(${T_NAME} PROPERTIES RUN_SERIAL TRUE)
  endif()
endfunction()

# ampscope_add_perf_budgets(NAME name TEST qtest FUNCTIONS f... [LABELS ...] [TIMEOUT s])
# The wall-clock budgets of a functional Qt Test: runs those test functions of its executable
# again with AMPSCOPE_PERF_BUDGETS=1 (tests/common/perf_budgets.h), label perf (serial, default
# stage only). The functional run of the same executable checks behaviour, not time.
function(ampscope_add_perf_budgets)
  cmake_parse_arguments(P "" "NAME;TEST;TIMEOUT" "FUNCTIONS;LABELS" ${ARGN})
  add_test(NAME ${P_NAME} COMMAND ${P_TEST} ${P_FUNCTIONS})
  if(NOT P_TIMEOUT)
    set(P_TIMEOUT ${AMPSCOPE_TEST_DEFAULT_TIMEOUT})
  endif()
  set_tests_properties(${P_NAME} PROPERTIES TIMEOUT ${P_TIMEOUT} RUN_SERIAL TRUE LABELS "perf;${P_LABELS}"
    ENVIRONMENT "AMPSCOPE_PERF_BUDGETS=1;QT_QPA_PLATFORM=offscreen;OPENBLAS_NUM_THREADS=1;OMP_NUM_THREADS=${AMPSCOPE_TEST_OMP_THREADS}")
endfunction()
