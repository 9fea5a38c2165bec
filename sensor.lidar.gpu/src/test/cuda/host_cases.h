// The host test program's registry: each *_cases.cu file registers named cases that run SIM_HD functions on the
// CPU. HostProgram.java (the tests) writes one line per call, "name arg...", each argument a double's 64 bits in
// hex, and reads one line per call back: the results the same way, or "error <why>".
#pragma once

typedef void (*HostCase)(const double *args, int count, double *results);

/** Registers a case taking inputs arguments (-1: any number) and writing outputs results. */
struct HostCaseRegistrar {
    HostCaseRegistrar(const char *name, int inputs, int outputs, HostCase run);
};

#define HOST_CASE(name, inputs, outputs)                                                                          \
    static void name##_case(const double *a, int count, double *r);                                               \
    static HostCaseRegistrar name##_registrar(#name, inputs, outputs, name##_case);                               \
    static void name##_case(const double *a, int count, double *r)
