// Shared by the device kernels and the host test program: SIM_HD marks a function that nvcc compiles for the GPU
// and for the host, so a test runs the very code a kernel runs on the CPU, ray by ray, against the Java pipeline.
// Compile with -fmad=false (device) and -Xcompiler -ffp-contract=off (host): no multiply-add is contracted, so
// + - * / and sqrt round exactly as in Java. atan2 is fdlibm's (fdlibm.cuh), as Java's is. exp, log, pow and sin
// come from the host's C library or the device's math library; they may differ from Java's in the last place, and
// the tests bound that.
#pragma once
#include <math.h>
#include <string.h>

#ifdef __CUDACC__
#define SIM_HD __host__ __device__ inline
#else
#define SIM_HD inline
#endif

#define SIM_PI 3.141592653589793

SIM_HD double sim_min(double a, double b) { return a <= b ? a : b; } // Math.min for the finite values used here
SIM_HD double sim_max(double a, double b) { return a >= b ? a : b; }
SIM_HD double sim_abs(double a) { return a < 0 ? -a : a; }
