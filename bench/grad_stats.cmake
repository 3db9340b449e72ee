# bench_grad_stats: the fused statistics pass vs LibTorch ops and vs a plain read (at::sum).
# Links LibTorch only for those baselines; the kernel itself needs none.
find_package(OpenMP REQUIRED COMPONENTS CXX)  # omp_set_num_threads for --threads
add_executable(bench_grad_stats ${CMAKE_CURRENT_LIST_DIR}/bench_grad_stats.cpp)
target_link_libraries(bench_grad_stats PRIVATE ampscope::kernels torch OpenMP::OpenMP_CXX)
ampscope_warnings(bench_grad_stats)
