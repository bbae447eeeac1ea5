#ifndef CRICHPREVIEWRESAMPLE_H
#define CRICHPREVIEWRESAMPLE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Fixed-point separable resampling of RGBA rows.
 *
 * Working values ("F6") are int16 samples with 6 fractional bits: an 8-bit sample v is v * 64.
 * Weights are int16 with `precision` fractional bits (7...14) and sum to exactly 1 << precision
 * per output pixel. Every kernel computes the same integer sums, rounds half up with an arithmetic
 * shift and saturates, so the AVX2 kernels and the portable ones give bit-identical results.
 */

/// Which implementation runs the inner loops.
typedef enum {
    CRP_RESAMPLE_PORTABLE = 0, /* plain C, any CPU */
    CRP_RESAMPLE_AVX2 = 1      /* x86-64 with AVX2, chosen at run time */
} crp_resample_kernel;

/// The fastest kernel this CPU and operating system can run.
crp_resample_kernel crp_resample_best_kernel(void);

/// 1 when `kernel` can run here, 0 otherwise.
int crp_resample_kernel_available(crp_resample_kernel kernel);

/// Converts `count` RGBA8 pixels to premultiplied F6 values: colour * alpha / 255 * 64, alpha * 64.
void crp_resample_premultiply(crp_resample_kernel kernel, const uint8_t *source, int16_t *target, size_t count);

/// Filters `row_count` rows of opaque RGBA8 pixels horizontally, `rows[i]` into `outs[i]` (`out_width`
/// F6 pixels). Output pixel x reads the `taps` pixels from `starts[x]`, weighted by
/// `weights[x * taps ...]`; every pixel read must be inside the row's memory. The AVX2 kernel needs
/// `taps` to be a multiple of 4 (otherwise the portable one runs).
void crp_resample_horizontal_u8(crp_resample_kernel kernel, const uint8_t *const *rows, int16_t *const *outs,
                                size_t row_count, const int32_t *starts, const int16_t *weights, size_t taps,
                                size_t out_width, int precision);

/// As `crp_resample_horizontal_u8`, over F6 pixels (premultiplied ones from `crp_resample_premultiply`).
void crp_resample_horizontal_f6(crp_resample_kernel kernel, const int16_t *const *rows, int16_t *const *outs,
                                size_t row_count, const int32_t *starts, const int16_t *weights, size_t taps,
                                size_t out_width, int precision);

/// Filters `taps` F6 rows vertically into one row of `width` RGBA8 pixels (rounded, clamped to 0...255).
void crp_resample_vertical_u8(crp_resample_kernel kernel, const int16_t *const *rows, const int16_t *weights,
                              size_t taps, size_t width, int precision, uint8_t *out);

/// As `crp_resample_vertical_u8`, keeping F6 values (for premultiplied rows still to be divided).
void crp_resample_vertical_f6(crp_resample_kernel kernel, const int16_t *const *rows, const int16_t *weights,
                              size_t taps, size_t width, int precision, int16_t *out);

/// Turns `count` premultiplied F6 pixels back into straight-alpha RGBA8, clamped to 0...255; a
/// pixel whose alpha is 0 or below becomes transparent black.
void crp_resample_unpremultiply(crp_resample_kernel kernel, const int16_t *source, uint8_t *target, size_t count);

#ifdef __cplusplus
}
#endif

#endif
