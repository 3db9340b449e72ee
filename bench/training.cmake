# Training-loop throughput four ways (ampscope record as users type it, the best hand thread
# configuration, a plain C++ loop, a plain PyTorch loop in Python), the statistics' overhead and a
# profile of one step, all measured in the same run. Needs the ampscope binary (record) and,
# for the Python column, Debian's python3-torch.
add_executable(bench_training ${CMAKE_CURRENT_LIST_DIR}/bench_training.cpp)
target_link_libraries(bench_training PRIVATE ampscope_core)
target_include_directories(bench_training PRIVATE ${PROJECT_SOURCE_DIR}/core/session/src)
target_compile_definitions(bench_training PRIVATE AMPSCOPE_BENCH_DIR="${CMAKE_CURRENT_LIST_DIR}"
  AMPSCOPE_BIN="$<TARGET_FILE:ampscope>")
add_dependencies(bench_training ampscope)
ampscope_warnings(bench_training)
