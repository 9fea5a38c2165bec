// Cases of materials.cuh for MaterialsOnHostTest.
#include "host_cases.h"
#include "materials.cuh"

HOST_CASE(fresnel, 4, 2) {
    r[0] = fresnel_reflectance(a[0], a[1], a[2], a[3]);
    r[1] = fresnel_transmittance(a[0], a[1], a[2], a[3]);
}

HOST_CASE(ggx, 3, 3) { // cosH (or cosLH), cosVH, alpha2
    r[0] = ggx_distribution(a[0], a[2]);
    r[1] = ggx_lambda(a[0], a[2]);
    r[2] = ggx_smith_g(a[0], a[1], a[2]);
}

HOST_CASE(lambertian, 7, 1) { // reflectivity, l, v
    Material m = material_lambertian(a[0]);
    r[0] = material_brdf(m, nullptr, a[1], a[2], a[3], a[4], a[5], a[6]);
}

HOST_CASE(ggx_oren_nayar, 12, 2) { // n, k, σ_B, σ_ON, C_D, l, v, cos for the mirror reflectance
    Material m = material_ggx_oren_nayar(a[0], a[1], a[2], a[3], a[4]);
    r[0] = material_brdf(m, nullptr, a[5], a[6], a[7], a[8], a[9], a[10]);
    r[1] = material_specular_reflectance(m, a[11]);
}

HOST_CASE(explicit_brdf, -1, 1) { // counts (4), l, v, then the samples
    Material m = material_explicit((int) a[0], (int) a[1], (int) a[2], (int) a[3], 10);
    r[0] = material_brdf(m, a, a[4], a[5], a[6], a[7], a[8], a[9]);
}

HOST_CASE(atan2, 2, 1) { r[0] = fdlibm_atan2(a[0], a[1]); }
