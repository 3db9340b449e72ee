# Warnings for our own code only (third-party headers come in as SYSTEM).
# -Wshadow: a local `std::string version` once hid RunStore::Impl's member `int version`, and
# `version = v` compiled as a char assignment; the code base had no other shadowing then.
function(ampscope_warnings target)
  if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wshadow>)
  endif()
endfunction()
