# bench_grad_stats_cuda: the CUDA statistics pass against the device's copy and read bandwidth,
# kernel variants, 16-bit dtypes, many tensors per launch, host cost per step. Kernels + CUDA
# runtime only, so the standalone kernels build (cmake -S kernels) has it too.
if(AMPSCOPE_HAVE_CUDA AND NOT TARGET bench_grad_stats_cuda)
  # As in kernels/: CMake < 3.26 does not know nvcc's C++20 flag (the public header needs it).
  if(NOT CMAKE_CUDA20_STANDARD_COMPILE_OPTION AND CMAKE_CUDA_COMPILER_VERSION VERSION_GREATER_EQUAL 12.0)
    set(CMAKE_CUDA20_STANDARD_COMPILE_OPTION "-std=c++20")
    set(CMAKE_CUDA20_EXTENSION_COMPILE_OPTION "-std=c++20")
  endif()
  add_executable(bench_grad_stats_cuda ${CMAKE_CURRENT_LIST_DIR}/bench_grad_stats_cuda.cu)
  target_link_libraries(bench_grad_stats_cuda PRIVATE ampscope::kernels ${AMPSCOPE_CUDART})
  set_target_properties(bench_grad_stats_cuda PROPERTIES CUDA_STANDARD 20 CUDA_STANDARD_REQUIRED ON)
  target_compile_options(bench_grad_stats_cuda PRIVATE $<$<COMPILE_LANGUAGE:CUDA>:-Xcompiler=-Wall,-Wextra>)
endif()
