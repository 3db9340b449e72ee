# OpenMP threads the tests run with. The tsan preset sets 1: libgomp is not instrumented, so
# ThreadSanitizer cannot see its barriers and would report every parallel region; with one
# OpenMP thread the only threads left are AmpScope's own (session worker, recorder, GUI).
set(AMPSCOPE_TEST_OMP_THREADS 2 CACHE STRING "OMP_NUM_THREADS for the tests")
# The environment of every Qt test: ampscope_add_qtest's, and the tests that run one of their
# executables again (perf budgets, test_screen_matrix_4k, test_follow_probe).
set(AMPSCOPE_QTEST_ENVIRONMENT "QT_QPA_PLATFORM=offscreen;OPENBLAS_NUM_THREADS=1;OMP_NUM_THREADS=${AMPSCOPE_TEST_OMP_THREADS}")

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

# The labels the `default` test preset runs (CMakePresets.json, testPresets "default": keep the
# two lists the same). A test executable with none of them runs only in the sanitizer stages, so
# the CI `default` stage does not build it: it builds `ampscope_default_stage` (every product
# target, benchmark and tool, and the tests it runs), not `all`. A test of the default preset
# whose executable was left out fails there at once ("Could not find executable"), not silently.
set(AMPSCOPE_DEFAULT_STAGE_LABELS perf package smoke gpu python layout)

# The debug-asan test preset leaves out these labels and names (CMakePresets.json, testPresets
# "debug-asan": keep them the same): a test executable whose tests are all left out is not built
# by `ampscope_sanitizer_stage`, which the CI `debug-asan` stage builds instead of `all`.
set(AMPSCOPE_SANITIZER_SKIPPED_LABELS perf python layout)
set(AMPSCOPE_SANITIZER_SKIPPED_NAMES "^(bench_|package_)")

# ampscope_default_stage_needs(target...): test executables the default stage runs under another
# test's name (add_test(NAME x COMMAND target ...)): built by ampscope_default_stage too.
function(ampscope_default_stage_needs)
  set_property(GLOBAL APPEND PROPERTY AMPSCOPE_DEFAULT_STAGE_TESTS ${ARGN})
endfunction()

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
    ENVIRONMENT "${AMPSCOPE_QTEST_ENVIRONMENT}")
  if(T_LABELS)
    set_tests_properties(${T_NAME} PROPERTIES LABELS "${T_LABELS}")
  endif()
  if("perf" IN_LIST T_LABELS)
    set_tests_properties(${T_NAME} PROPERTIES RUN_SERIAL TRUE)
  endif()
  set_property(GLOBAL APPEND PROPERTY AMPSCOPE_TEST_EXECUTABLES ${T_NAME})
  # Which CI stages build this executable (ampscope_add_default_stage_target below).
  set(in_default_stage OFF)
  set(skipped_in_sanitizers OFF)
  if(T_NAME MATCHES "${AMPSCOPE_SANITIZER_SKIPPED_NAMES}")
    set(skipped_in_sanitizers ON)
  endif()
  foreach(label ${T_LABELS})
    if(label IN_LIST AMPSCOPE_DEFAULT_STAGE_LABELS)
      set(in_default_stage ON)
    endif()
    if(label IN_LIST AMPSCOPE_SANITIZER_SKIPPED_LABELS)
      set(skipped_in_sanitizers ON)
    endif()
  endforeach()
  if(in_default_stage)
    ampscope_default_stage_needs(${T_NAME})
  endif()
  if(NOT skipped_in_sanitizers)
    set_property(GLOBAL APPEND PROPERTY AMPSCOPE_SANITIZER_STAGE_TESTS ${T_NAME})
  endif()
endfunction()

# ampscope_reuse_pch(target owner): `target` compiles with the precompiled header of `owner`
# (a library every stage builds: ampscope_core for LibTorch, ampscope_ui for Qt and QCustomPlot)
# instead of one of its own: building a header costs 15-50 s, loading one 2-6 s. The test's
# moc file (empty: each test includes its own .moc) does not load it. GCC checks the header
# against the test's flags and says so (-Winvalid-pch) if they ever stop matching.
function(ampscope_reuse_pch target owner)
  target_precompile_headers(${target} REUSE_FROM ${owner})
  set_source_files_properties(${CMAKE_CURRENT_BINARY_DIR}/${target}_autogen/mocs_compilation.cpp
    PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
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
  ampscope_default_stage_needs(${P_TEST})
  set_tests_properties(${P_NAME} PROPERTIES TIMEOUT ${P_TIMEOUT} RUN_SERIAL TRUE LABELS "perf;${P_LABELS}"
    ENVIRONMENT "AMPSCOPE_PERF_BUDGETS=1;${AMPSCOPE_QTEST_ENVIRONMENT}")
endfunction()

# ampscope_add_default_stage_target(): called once, at the end of the top-level CMakeLists.txt.
# `ampscope_default_stage` builds every target of `all` except the test executables that only
# the sanitizer stages run (measured: ~440 of ~1,600 job-seconds of an optimised build, which
# nothing in that stage ran). Product libraries, executables, the Python probe and the benchmarks are all in it.
function(_ampscope_collect_targets dir out)
  get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
  get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
  foreach(sub ${subdirs})
    _ampscope_collect_targets(${sub} more)
    list(APPEND targets ${more})
  endforeach()
  set(${out} ${targets} PARENT_SCOPE)
endfunction()
# _ampscope_stage_target(name needed): every built target of `all` but the test executables
# not listed in the global property `needed`.
function(_ampscope_stage_target name needed_property)
  _ampscope_collect_targets(${PROJECT_SOURCE_DIR} targets)
  get_property(tests GLOBAL PROPERTY AMPSCOPE_TEST_EXECUTABLES)
  get_property(needed GLOBAL PROPERTY ${needed_property})
  set(deps "")
  foreach(t ${targets})
    get_target_property(type ${t} TYPE)
    get_target_property(excluded ${t} EXCLUDE_FROM_ALL)
    if(NOT type MATCHES "^(EXECUTABLE|STATIC_LIBRARY|SHARED_LIBRARY|MODULE_LIBRARY|OBJECT_LIBRARY)$" OR excluded)
      continue()
    endif()
    if(t IN_LIST tests AND NOT t IN_LIST needed)
      continue()
    endif()
    list(APPEND deps ${t})
  endforeach()
  add_custom_target(${name})
  if(deps)
    add_dependencies(${name} ${deps})
  endif()
endfunction()
function(ampscope_add_default_stage_target)
  _ampscope_stage_target(ampscope_default_stage AMPSCOPE_DEFAULT_STAGE_TESTS)
  # The same for the sanitizer stage: the perf, python, layout, bench_ and package_ test
  # executables are built only where they run (measured: six executables of the ASan tree).
  _ampscope_stage_target(ampscope_sanitizer_stage AMPSCOPE_SANITIZER_STAGE_TESTS)
endfunction()
