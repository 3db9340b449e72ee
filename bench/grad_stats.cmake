# bench_grad_stats: the fused statistics pass vs LibTorch ops and vs a plain read (at::sum).
# Links LibTorch for those baselines, and core for --trace (zoo models trained as `ampscope record`
# does); the kernel itself needs neither.
find_package(OpenMP REQUIRED COMPONENTS CXX)  # omp_set_num_threads for --threads
add_executable(bench_grad_stats ${CMAKE_CURRENT_LIST_DIR}/bench_grad_stats.cpp)
target_link_libraries(bench_grad_stats PRIVATE ampscope::kernels ampscope::core torch OpenMP::OpenMP_CXX)
ampscope_warnings(bench_grad_stats)
