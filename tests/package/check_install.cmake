# Installs AmpScope into a scratch prefix, then builds and runs two separate CMake projects
# against it:
#  - examples/canonical_loop, as LibTorch users write them: CMAKE_CXX_STANDARD 17 and
#    find_package(AmpScope COMPONENTS scaler) -> AmpScope::scaler alone. It trains, checks its
#    numbers and must not have looked for SQLite or zlib (the scaler needs LibTorch only).
#  - tests/package/core_consumer: find_package(AmpScope) -> AmpScope::core, no standard set
#    (core must declare the C++20 its headers need); one torch-free translation unit.
# Run by CTest: cmake -DBUILD_DIR=... -DSOURCE_DIR=... -DWORK_DIR=... -P check_install.cmake
foreach(v BUILD_DIR SOURCE_DIR WORK_DIR)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "${v} not set")
  endif()
endforeach()
file(REMOVE_RECURSE "${WORK_DIR}")
set(prefix "${WORK_DIR}/prefix")
execute_process(COMMAND ${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${prefix}" --component Unspecified
  RESULT_VARIABLE rc OUTPUT_QUIET)
if(rc)
  message(FATAL_ERROR "cmake --install failed (${rc})")
endif()
set(launcher "")
find_program(CCACHE ccache)
if(CCACHE)
  set(launcher "-DCMAKE_CXX_COMPILER_LAUNCHER=${CCACHE}")
endif()

# Configure, build and run one consumer project; its build tree is ${WORK_DIR}/<name>.
function(check_consumer name source_dir exe)
  set(build "${WORK_DIR}/${name}")
  execute_process(COMMAND ${CMAKE_COMMAND} -S "${source_dir}" -B "${build}"
    -G Ninja -DCMAKE_BUILD_TYPE=Release "-DCMAKE_PREFIX_PATH=${prefix}" ${launcher}
    -DCMAKE_EXPORT_COMPILE_COMMANDS=ON
    "-DCMAKE_CXX_FLAGS=${CONSUMER_CXX_FLAGS}" "-DCMAKE_EXE_LINKER_FLAGS=${CONSUMER_LINKER_FLAGS}"
    RESULT_VARIABLE rc)
  if(rc)
    message(FATAL_ERROR "${name}: configuring against the installed package failed (${rc})")
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} --build "${build}" RESULT_VARIABLE rc)
  if(rc)
    message(FATAL_ERROR "${name}: building against the installed package failed (${rc})")
  endif()
  execute_process(COMMAND "${build}/${exe}" RESULT_VARIABLE rc)
  if(rc)
    message(FATAL_ERROR "${name}: ran but misbehaved (${rc})")
  endif()
endfunction()

check_consumer(scaler "${SOURCE_DIR}/examples/canonical_loop" canonical_loop)
# The scaler alone: compiled as C++17 (nothing in its interface raised the standard), and the
# package looked for none of core's dependencies.
file(READ "${WORK_DIR}/scaler/compile_commands.json" commands)
if(NOT commands MATCHES "-std=(c|gnu)\\+\\+17" OR commands MATCHES "-std=(c|gnu)\\+\\+2")
  message(FATAL_ERROR "the scaler consumer was not compiled as C++17:\n${commands}")
endif()
file(STRINGS "${WORK_DIR}/scaler/CMakeCache.txt" core_deps REGEX "^(SQLite3|ZLIB)_")
if(core_deps)
  message(FATAL_ERROR "find_package(AmpScope COMPONENTS scaler) looked for core's dependencies: ${core_deps}")
endif()

check_consumer(core "${SOURCE_DIR}/tests/package/core_consumer" core_consumer)
message(STATUS "installed package OK: AmpScope::scaler (C++17) and AmpScope::core build and run")
