#ifndef HARK_CFUZZERDRIVER_SHIM_H
#define HARK_CFUZZERDRIVER_SHIM_H
#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (clang's compiler-rt, linked by `swiftc -sanitize=fuzzer`): runs the fuzzing
/// loop with the command line's options, calling `callback` with each input. Declared here only;
/// `hark-fuzz` calls it when built for fuzzing (`-D FUZZING`).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
#endif
