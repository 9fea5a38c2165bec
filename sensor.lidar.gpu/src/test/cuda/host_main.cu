// The host test program: reads calls from standard input, runs the registered cases, writes their results.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>
#include "host_cases.h"

namespace {
struct Entry {
    std::string name;
    int inputs, outputs;
    HostCase run;
    HostCaseN runN;
};

std::vector<Entry> &registry() {
    static std::vector<Entry> entries;
    return entries;
}

double fromBits(const char *hex) {
    unsigned long long bits = strtoull(hex, nullptr, 16);
    double d;
    memcpy(&d, &bits, sizeof d);
    return d;
}
} // namespace

HostCaseRegistrar::HostCaseRegistrar(const char *name, int inputs, int outputs, HostCase run) {
    registry().push_back({name, inputs, outputs, run, nullptr});
}

HostCaseRegistrar::HostCaseRegistrar(const char *name, HostCaseN run) {
    registry().push_back({name, -1, -1, nullptr, run});
}

int main() {
    char *line = nullptr;
    size_t capacity = 0;
    std::vector<double> args, results;
    while (getline(&line, &capacity, stdin) >= 0) { // any length: a scene travels on one line
        char *save = nullptr;
        char *name = strtok_r(line, " \n", &save);
        if (!name) continue;
        const Entry *entry = nullptr;
        for (const Entry &e : registry()) {
            if (e.name == name) entry = &e;
        }
        args.clear();
        for (char *t = strtok_r(nullptr, " \n", &save); t; t = strtok_r(nullptr, " \n", &save)) {
            args.push_back(fromBits(t));
        }
        if (!entry) {
            printf("error no case %s\n", name);
            continue;
        }
        if (entry->inputs >= 0 && (int) args.size() != entry->inputs) {
            printf("error %s takes %d arguments, got %zu\n", name, entry->inputs, args.size());
            continue;
        }
        if (entry->runN) {
            results.clear();
            entry->runN(args.data(), (int) args.size(), results);
        } else {
            results.assign(entry->outputs, 0.0);
            entry->run(args.data(), (int) args.size(), results.data());
        }
        for (size_t i = 0; i < results.size(); i++) {
            unsigned long long bits;
            memcpy(&bits, &results[i], sizeof bits);
            printf(i == 0 ? "%016llx" : " %016llx", bits);
        }
        printf("\n");
    }
    free(line);
    return 0;
}
