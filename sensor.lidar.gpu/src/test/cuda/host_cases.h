// The host test program's registry: each *_cases.cu file registers named cases that run SIM_HD functions on the
// CPU. HostProgram.java (the tests) writes one line per call, "name arg...", each argument a double's 64 bits in
// hex, and reads one line per call back: the results the same way, or "error <why>".
#pragma once
#include <vector>

typedef void (*HostCase)(const double *args, int count, double *results);
/** A case whose results are as many as it appends. */
typedef void (*HostCaseN)(const double *args, int count, std::vector<double> &results);

/** Registers a case taking inputs arguments (-1: any number) and writing outputs results (or appending them). */
struct HostCaseRegistrar {
    HostCaseRegistrar(const char *name, int inputs, int outputs, HostCase run);
    HostCaseRegistrar(const char *name, HostCaseN run);
};

#define HOST_CASE(name, inputs, outputs)                                                                          \
    static void name##_case(const double *a, int count, double *r);                                               \
    static HostCaseRegistrar name##_registrar(#name, inputs, outputs, name##_case);                               \
    static void name##_case(const double *a, int count, double *r)

/** A case of any number of arguments and results: it appends its results to r. */
#define HOST_CASE_N(name)                                                                                         \
    static void name##_case(const double *a, int count, std::vector<double> &r);                                 \
    static HostCaseRegistrar name##_registrar(#name, name##_case);                                                \
    static void name##_case(const double *a, int count, std::vector<double> &r)
