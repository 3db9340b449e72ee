# Training-loop throughput: models x precisions x instrumentation, against a plain PyTorch
# loop in Python measured in the same run (when Debian's python3-torch is installed).
add_executable(bench_training ${CMAKE_CURRENT_LIST_DIR}/bench_training.cpp)
target_link_libraries(bench_training PRIVATE ampscope_core)
target_compile_definitions(bench_training PRIVATE AMPSCOPE_BENCH_DIR="${CMAKE_CURRENT_LIST_DIR}")
ampscope_warnings(bench_training)
