# OpenMP threads the tests run with. The tsan preset sets 1: libgomp is not instrumented, so
# ThreadSanitizer cannot see its barriers and would report every parallel region; with one
# OpenMP thread the only threads left are AmpScope's own (session worker, recorder, GUI).
set(AMPSCOPE_TEST_OMP_THREADS 2 CACHE STRING "OMP_NUM_THREADS for the tests")

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
    set(T_TIMEOUT 600)
  endif()
  set_tests_properties(${T_NAME} PROPERTIES TIMEOUT ${T_TIMEOUT}
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen;OPENBLAS_NUM_THREADS=1;OMP_NUM_THREADS=${AMPSCOPE_TEST_OMP_THREADS}")
  if(T_LABELS)
    set_tests_properties(${T_NAME} PROPERTIES LABELS "${T_LABELS}")
  endif()
endfunction()
