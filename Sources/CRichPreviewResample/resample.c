#include "CRichPreviewResample.h"

#include <string.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define CRP_RESAMPLE_X86_64 1
#include <immintrin.h>
#else
#define CRP_RESAMPLE_X86_64 0
#endif

/* ---------------------------------------------------------------- shared arithmetic */

static inline int16_t crp_saturate16(int32_t value) {
    return value > INT16_MAX ? INT16_MAX : value < INT16_MIN ? INT16_MIN : (int16_t)value;
}

static inline uint8_t crp_saturate8(int32_t value) {
    return value > 255 ? 255 : value < 0 ? 0 : (uint8_t)value;
}

/* Right shift rounding half up, as the SIMD kernels do (add half, arithmetic shift). */
static inline int32_t crp_round_shift(int32_t sum, int shift) {
    return (sum + ((int32_t)1 << (shift - 1))) >> shift;
}

/* 16448 / 65536 is 64 / 255 to 1.5e-5; an opaque pixel comes out exactly v * 64. */
static inline int16_t crp_premultiplied(uint32_t colour, uint32_t alpha) {
    return (int16_t)((colour * alpha * 16448u + 32768u) >> 16);
}

static void crp_premultiply_portable(const uint8_t *source, int16_t *target, size_t count) {
    for (size_t i = 0; i < count; i++) {
        const uint32_t alpha = source[i * 4 + 3];
        for (size_t c = 0; c < 3; c++) target[i * 4 + c] = crp_premultiplied(source[i * 4 + c], alpha);
        target[i * 4 + 3] = (int16_t)(alpha << 6);
    }
}

/* The scale and the offset are separate statements so that no compiler fuses them into one
   multiply-add, which would round differently from the AVX2 kernel's two instructions. */
static void crp_unpremultiply_portable(const int16_t *source, uint8_t *target, size_t count) {
    for (size_t i = 0; i < count; i++) {
        const int32_t alpha = source[i * 4 + 3];
        const float denominator = (float)(alpha < 1 ? 1 : alpha < 255 * 64 ? alpha : 255 * 64);
        const float factor = alpha > 0 ? 255.0f / denominator : 0.0f;
        uint8_t *pixel = target + i * 4;
        for (size_t c = 0; c < 3; c++) {
            const float scaled = (float)source[i * 4 + c] * factor;
            const float value = scaled + 0.5f;
            pixel[c] = value <= 0.0f ? 0 : value >= 255.0f ? 255 : (uint8_t)value;
        }
        pixel[3] = crp_saturate8(crp_round_shift(alpha, 6));
    }
}

/* ---------------------------------------------------------------- portable kernels */

static void crp_horizontal_u8_portable(const uint8_t *row, int16_t *out, const int32_t *starts,
                                       const int16_t *weights, size_t taps, size_t out_width, int shift) {
    for (size_t x = 0; x < out_width; x++) {
        const uint8_t *pixels = row + (size_t)starts[x] * 4;
        const int16_t *w = weights + x * taps;
        int32_t sum[4] = {0, 0, 0, 0};
        for (size_t t = 0; t < taps; t++) {
            for (size_t c = 0; c < 4; c++) sum[c] += w[t] * (int32_t)pixels[t * 4 + c];
        }
        for (size_t c = 0; c < 4; c++) out[x * 4 + c] = crp_saturate16(crp_round_shift(sum[c], shift));
    }
}

static void crp_horizontal_f6_portable(const int16_t *row, int16_t *out, const int32_t *starts,
                                       const int16_t *weights, size_t taps, size_t out_width, int shift) {
    for (size_t x = 0; x < out_width; x++) {
        const int16_t *pixels = row + (size_t)starts[x] * 4;
        const int16_t *w = weights + x * taps;
        int32_t sum[4] = {0, 0, 0, 0};
        for (size_t t = 0; t < taps; t++) {
            for (size_t c = 0; c < 4; c++) sum[c] += w[t] * (int32_t)pixels[t * 4 + c];
        }
        for (size_t c = 0; c < 4; c++) out[x * 4 + c] = crp_saturate16(crp_round_shift(sum[c], shift));
    }
}

/* Sums `taps` rows over values [begin, end) in blocks, taps outermost so the inner loop vectorises. */
static void crp_vertical_portable(const int16_t *const *rows, const int16_t *weights, size_t taps, size_t begin,
                                  size_t end, int shift, uint8_t *out8, int16_t *out16) {
    enum { BLOCK = 64 };
    int32_t sum[BLOCK];
    const int32_t half = (int32_t)1 << (shift - 1);
    for (size_t i = begin; i < end; i += BLOCK) {
        const size_t length = end - i < BLOCK ? end - i : BLOCK;
        for (size_t j = 0; j < length; j++) sum[j] = half;
        for (size_t t = 0; t < taps; t++) {
            const int32_t w = weights[t];
            const int16_t *row = rows[t] + i;
            for (size_t j = 0; j < length; j++) sum[j] += w * (int32_t)row[j];
        }
        if (out8) {
            for (size_t j = 0; j < length; j++) out8[i + j] = crp_saturate8(sum[j] >> shift);
        } else {
            for (size_t j = 0; j < length; j++) out16[i + j] = crp_saturate16(sum[j] >> shift);
        }
    }
}

/* ---------------------------------------------------------------- AVX2 kernels */

#if CRP_RESAMPLE_X86_64

static int crp_avx2_supported(void) { return __builtin_cpu_supports("avx2") ? 1 : 0; }

/* Two weights of one output pixel as pairs for _mm256_madd_epi16: w0 w1 repeated in the low lane,
   w2 w3 in the high lane, from four consecutive int16 weights. */
__attribute__((target("avx2"))) static inline __m256i crp_weight_pairs(const int16_t *w) {
    const __m256i pick = _mm256_setr_epi8(0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 6, 7, 4, 5, 6, 7,
                                          4, 5, 6, 7, 4, 5, 6, 7);
    int64_t four;
    memcpy(&four, w, sizeof four);
    return _mm256_shuffle_epi8(_mm256_set1_epi64x(four), pick);
}

/* Four RGBA8 pixels as channel pairs of int16: R0 R1 G0 G1 B0 B1 A0 A1 | R2 R3 G2 G3 B2 B3 A2 A3. */
__attribute__((target("avx2"))) static inline __m256i crp_u8_pairs(const uint8_t *pixels) {
    const __m256i pick = _mm256_setr_epi8(0, -128, 4, -128, 1, -128, 5, -128, 2, -128, 6, -128, 3, -128, 7, -128,
                                          8, -128, 12, -128, 9, -128, 13, -128, 10, -128, 14, -128, 11, -128, 15,
                                          -128);
    return _mm256_shuffle_epi8(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)pixels)), pick);
}

/* Four F6 pixels as channel pairs, the same layout as crp_u8_pairs. */
__attribute__((target("avx2"))) static inline __m256i crp_f6_pairs(const int16_t *pixels) {
    const __m256i pick = _mm256_setr_epi8(0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15, 0, 1, 8, 9, 2, 3,
                                          10, 11, 4, 5, 12, 13, 6, 7, 14, 15);
    return _mm256_shuffle_epi8(_mm256_loadu_si256((const __m256i *)pixels), pick);
}

/* The four channel sums of one output pixel, rounded and shifted. */
__attribute__((target("avx2"))) static inline __m128i crp_finish_pixel(__m256i sum, __m128i half, __m128i shift) {
    const __m128i total = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
    return _mm_sra_epi32(_mm_add_epi32(total, half), shift);
}

/* One row, two output pixels at a time (one reduction serves both). */
#define CRP_HORIZONTAL_AVX2_ONE(NAME, TYPE, PAIRS)                                                                 \
    __attribute__((target("avx2"))) static void NAME(const TYPE *row, int16_t *out, const int32_t *starts,         \
                                                     const int16_t *weights, size_t taps, size_t out_width,       \
                                                     __m128i half, __m128i count) {                               \
        size_t x = 0;                                                                                              \
        for (; x + 2 <= out_width; x += 2) {                                                                       \
            const TYPE *p0 = row + (size_t)starts[x] * 4;                                                          \
            const TYPE *p1 = row + (size_t)starts[x + 1] * 4;                                                      \
            const int16_t *w0 = weights + x * taps;                                                                \
            const int16_t *w1 = w0 + taps;                                                                         \
            __m256i sum0 = _mm256_setzero_si256();                                                                 \
            __m256i sum1 = _mm256_setzero_si256();                                                                 \
            for (size_t t = 0; t < taps; t += 4) {                                                                 \
                sum0 = _mm256_add_epi32(sum0, _mm256_madd_epi16(PAIRS(p0 + t * 4), crp_weight_pairs(w0 + t)));     \
                sum1 = _mm256_add_epi32(sum1, _mm256_madd_epi16(PAIRS(p1 + t * 4), crp_weight_pairs(w1 + t)));     \
            }                                                                                                      \
            const __m128i packed =                                                                                 \
                _mm_packs_epi32(crp_finish_pixel(sum0, half, count), crp_finish_pixel(sum1, half, count));         \
            _mm_storeu_si128((__m128i *)(out + x * 4), packed);                                                   \
        }                                                                                                          \
        if (x < out_width) {                                                                                       \
            const TYPE *p = row + (size_t)starts[x] * 4;                                                           \
            const int16_t *w = weights + x * taps;                                                                 \
            __m256i sum = _mm256_setzero_si256();                                                                  \
            for (size_t t = 0; t < taps; t += 4) {                                                                 \
                sum = _mm256_add_epi32(sum, _mm256_madd_epi16(PAIRS(p + t * 4), crp_weight_pairs(w + t)));         \
            }                                                                                                      \
            const __m128i pixel = crp_finish_pixel(sum, half, count);                                              \
            _mm_storel_epi64((__m128i *)(out + x * 4), _mm_packs_epi32(pixel, pixel));                             \
        }                                                                                                          \
    }

/* Two rows at a time: both read the same weights, so the weight shuffle is shared. */
#define CRP_HORIZONTAL_AVX2(NAME, ONE, TYPE, PAIRS)                                                                \
    __attribute__((target("avx2"))) static void NAME(const TYPE *const *rows, int16_t *const *outs,               \
                                                     size_t row_count, const int32_t *starts,                     \
                                                     const int16_t *weights, size_t taps, size_t out_width,       \
                                                     int shift) {                                                 \
        const __m128i half = _mm_set1_epi32((int32_t)1 << (shift - 1));                                           \
        const __m128i count = _mm_cvtsi32_si128(shift);                                                           \
        size_t r = 0;                                                                                              \
        for (; r + 2 <= row_count; r += 2) {                                                                       \
            const TYPE *row0 = rows[r];                                                                            \
            const TYPE *row1 = rows[r + 1];                                                                        \
            int16_t *out0 = outs[r];                                                                               \
            int16_t *out1 = outs[r + 1];                                                                           \
            for (size_t x = 0; x < out_width; x++) {                                                               \
                const size_t offset = (size_t)starts[x] * 4;                                                       \
                const TYPE *p0 = row0 + offset;                                                                    \
                const TYPE *p1 = row1 + offset;                                                                    \
                const int16_t *w = weights + x * taps;                                                             \
                __m256i sum0 = _mm256_setzero_si256();                                                             \
                __m256i sum1 = _mm256_setzero_si256();                                                             \
                for (size_t t = 0; t < taps; t += 4) {                                                             \
                    const __m256i pairs = crp_weight_pairs(w + t);                                                 \
                    sum0 = _mm256_add_epi32(sum0, _mm256_madd_epi16(PAIRS(p0 + t * 4), pairs));                    \
                    sum1 = _mm256_add_epi32(sum1, _mm256_madd_epi16(PAIRS(p1 + t * 4), pairs));                    \
                }                                                                                                  \
                const __m128i packed =                                                                             \
                    _mm_packs_epi32(crp_finish_pixel(sum0, half, count), crp_finish_pixel(sum1, half, count));     \
                _mm_storel_epi64((__m128i *)(out0 + x * 4), packed);                                               \
                _mm_storel_epi64((__m128i *)(out1 + x * 4), _mm_unpackhi_epi64(packed, packed));                   \
            }                                                                                                      \
        }                                                                                                          \
        if (r < row_count) ONE(rows[r], outs[r], starts, weights, taps, out_width, half, count);                   \
    }

CRP_HORIZONTAL_AVX2_ONE(crp_horizontal_u8_avx2_one, uint8_t, crp_u8_pairs)
CRP_HORIZONTAL_AVX2_ONE(crp_horizontal_f6_avx2_one, int16_t, crp_f6_pairs)
CRP_HORIZONTAL_AVX2(crp_horizontal_u8_avx2, crp_horizontal_u8_avx2_one, uint8_t, crp_u8_pairs)
CRP_HORIZONTAL_AVX2(crp_horizontal_f6_avx2, crp_horizontal_f6_avx2_one, int16_t, crp_f6_pairs)

/* Four pixels at a time: colour * alpha fits 16 bits unsigned; (x * 16448 + 32768) >> 16 is the high
   half of the product plus the top bit of its low half. */
__attribute__((target("avx2"))) static void crp_premultiply_avx2(const uint8_t *source, int16_t *target,
                                                                 size_t count) {
    const __m256i alpha_pick = _mm256_setr_epi8(6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15, 6, 7, 6, 7,
                                                6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15);
    const __m256i factor = _mm256_set1_epi16(16448);
    size_t i = 0;
    for (; i + 4 <= count; i += 4) {
        const __m256i pixels = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(source + i * 4)));
        const __m256i product = _mm256_mullo_epi16(pixels, _mm256_shuffle_epi8(pixels, alpha_pick));
        const __m256i high = _mm256_mulhi_epu16(product, factor);
        const __m256i low = _mm256_mullo_epi16(product, factor);
        const __m256i colour = _mm256_add_epi16(high, _mm256_srli_epi16(low, 15));
        const __m256i result = _mm256_blend_epi16(colour, _mm256_slli_epi16(pixels, 6), 0x88);
        _mm256_storeu_si256((__m256i *)(target + i * 4), result);
    }
    crp_premultiply_portable(source + i * 4, target + i * 4, count - i);
}

/* Two pixels at a time in float, with the portable kernel's operations in the same order. */
__attribute__((target("avx2"))) static void crp_unpremultiply_avx2(const int16_t *source, uint8_t *target,
                                                                   size_t count) {
    const __m256 numerator = _mm256_set1_ps(255.0f);
    const __m256 half = _mm256_set1_ps(0.5f);
    const __m256 low = _mm256_setzero_ps();
    const __m256 high = _mm256_set1_ps(255.0f);
    const __m256i one = _mm256_set1_epi32(1);
    const __m256i largest = _mm256_set1_epi32(255 * 64);
    const __m256i rounding = _mm256_set1_epi32(32);
    size_t i = 0;
    for (; i + 2 <= count; i += 2) {
        const __m256i values = _mm256_cvtepi16_epi32(_mm_loadu_si128((const __m128i *)(source + i * 4)));
        const __m256i alpha = _mm256_shuffle_epi32(values, 0xFF);
        const __m256i clamped = _mm256_min_epi32(_mm256_max_epi32(alpha, one), largest);
        const __m256 positive = _mm256_castsi256_ps(_mm256_cmpgt_epi32(alpha, _mm256_setzero_si256()));
        const __m256 factor = _mm256_and_ps(_mm256_div_ps(numerator, _mm256_cvtepi32_ps(clamped)), positive);
        const __m256 scaled = _mm256_mul_ps(_mm256_cvtepi32_ps(values), factor);
        const __m256 value = _mm256_min_ps(_mm256_max_ps(_mm256_add_ps(scaled, half), low), high);
        const __m256i colour = _mm256_cvttps_epi32(value);
        const __m256i rounded = _mm256_srai_epi32(_mm256_add_epi32(alpha, rounding), 6);
        const __m256i pixels = _mm256_blend_epi32(colour, rounded, 0x88);
        const __m128i words = _mm_packs_epi32(_mm256_castsi256_si128(pixels), _mm256_extracti128_si256(pixels, 1));
        _mm_storel_epi64((__m128i *)(target + i * 4), _mm_packus_epi16(words, words));
    }
    crp_unpremultiply_portable(source + i * 4, target + i * 4, count - i);
}

/* Vertical sums 32 values (8 pixels) at a time: rows are interleaved in pairs so that one
   _mm256_madd_epi16 applies two taps; an odd last tap is paired with zeros. */
__attribute__((target("avx2"))) static void crp_vertical_avx2(const int16_t *const *rows, const int16_t *weights,
                                                              size_t taps, size_t width, int shift, uint8_t *out8,
                                                              int16_t *out16) {
    const size_t values = width * 4;
    const __m256i half = _mm256_set1_epi32((int32_t)1 << (shift - 1));
    const __m128i count = _mm_cvtsi32_si128(shift);
    size_t i = 0;
    for (; i + 32 <= values; i += 32) {
        __m256i s0 = half, s1 = half, s2 = half, s3 = half;
        size_t t = 0;
        for (; t + 2 <= taps; t += 2) {
            const __m256i w = _mm256_set1_epi32((int32_t)(uint16_t)weights[t] | (int32_t)((uint32_t)(uint16_t)weights[t + 1] << 16));
            const int16_t *a = rows[t] + i;
            const int16_t *b = rows[t + 1] + i;
            const __m256i a0 = _mm256_loadu_si256((const __m256i *)a);
            const __m256i b0 = _mm256_loadu_si256((const __m256i *)b);
            const __m256i a1 = _mm256_loadu_si256((const __m256i *)(a + 16));
            const __m256i b1 = _mm256_loadu_si256((const __m256i *)(b + 16));
            s0 = _mm256_add_epi32(s0, _mm256_madd_epi16(_mm256_unpacklo_epi16(a0, b0), w));
            s1 = _mm256_add_epi32(s1, _mm256_madd_epi16(_mm256_unpackhi_epi16(a0, b0), w));
            s2 = _mm256_add_epi32(s2, _mm256_madd_epi16(_mm256_unpacklo_epi16(a1, b1), w));
            s3 = _mm256_add_epi32(s3, _mm256_madd_epi16(_mm256_unpackhi_epi16(a1, b1), w));
        }
        if (t < taps) {
            const __m256i w = _mm256_set1_epi32((int32_t)(uint16_t)weights[t]);
            const int16_t *a = rows[t] + i;
            const __m256i zero = _mm256_setzero_si256();
            const __m256i a0 = _mm256_loadu_si256((const __m256i *)a);
            const __m256i a1 = _mm256_loadu_si256((const __m256i *)(a + 16));
            s0 = _mm256_add_epi32(s0, _mm256_madd_epi16(_mm256_unpacklo_epi16(a0, zero), w));
            s1 = _mm256_add_epi32(s1, _mm256_madd_epi16(_mm256_unpackhi_epi16(a0, zero), w));
            s2 = _mm256_add_epi32(s2, _mm256_madd_epi16(_mm256_unpacklo_epi16(a1, zero), w));
            s3 = _mm256_add_epi32(s3, _mm256_madd_epi16(_mm256_unpackhi_epi16(a1, zero), w));
        }
        /* unpack and pack both work within 128-bit lanes, so packing undoes the interleave. */
        const __m256i v0 = _mm256_packs_epi32(_mm256_sra_epi32(s0, count), _mm256_sra_epi32(s1, count));
        const __m256i v1 = _mm256_packs_epi32(_mm256_sra_epi32(s2, count), _mm256_sra_epi32(s3, count));
        if (out8) {
            const __m256i bytes = _mm256_permute4x64_epi64(_mm256_packus_epi16(v0, v1), 0xD8);
            _mm256_storeu_si256((__m256i *)(out8 + i), bytes);
        } else {
            _mm256_storeu_si256((__m256i *)(out16 + i), v0);
            _mm256_storeu_si256((__m256i *)(out16 + i + 16), v1);
        }
    }
    if (i < values) crp_vertical_portable(rows, weights, taps, i, values, shift, out8, out16);
}

#endif

/* ---------------------------------------------------------------- dispatch */

crp_resample_kernel crp_resample_best_kernel(void) {
#if CRP_RESAMPLE_X86_64
    if (crp_avx2_supported()) return CRP_RESAMPLE_AVX2;
#endif
    return CRP_RESAMPLE_PORTABLE;
}

int crp_resample_kernel_available(crp_resample_kernel kernel) {
    switch (kernel) {
    case CRP_RESAMPLE_PORTABLE: return 1;
#if CRP_RESAMPLE_X86_64
    case CRP_RESAMPLE_AVX2: return crp_avx2_supported();
#endif
    default: return 0;
    }
}

/* An unavailable kernel falls back to the portable one, which gives the same results. */
static int crp_use_avx2(crp_resample_kernel kernel) {
#if CRP_RESAMPLE_X86_64
    return kernel == CRP_RESAMPLE_AVX2 && crp_avx2_supported();
#else
    (void)kernel;
    return 0;
#endif
}

void crp_resample_horizontal_u8(crp_resample_kernel kernel, const uint8_t *const *rows, int16_t *const *outs,
                                size_t row_count, const int32_t *starts, const int16_t *weights, size_t taps,
                                size_t out_width, int precision) {
    const int shift = precision - 6;
#if CRP_RESAMPLE_X86_64
    if (crp_use_avx2(kernel) && taps % 4 == 0) {
        crp_horizontal_u8_avx2(rows, outs, row_count, starts, weights, taps, out_width, shift);
        return;
    }
#endif
    (void)kernel;
    for (size_t r = 0; r < row_count; r++) {
        crp_horizontal_u8_portable(rows[r], outs[r], starts, weights, taps, out_width, shift);
    }
}

void crp_resample_horizontal_f6(crp_resample_kernel kernel, const int16_t *const *rows, int16_t *const *outs,
                                size_t row_count, const int32_t *starts, const int16_t *weights, size_t taps,
                                size_t out_width, int precision) {
#if CRP_RESAMPLE_X86_64
    if (crp_use_avx2(kernel) && taps % 4 == 0) {
        crp_horizontal_f6_avx2(rows, outs, row_count, starts, weights, taps, out_width, precision);
        return;
    }
#endif
    (void)kernel;
    for (size_t r = 0; r < row_count; r++) {
        crp_horizontal_f6_portable(rows[r], outs[r], starts, weights, taps, out_width, precision);
    }
}

void crp_resample_premultiply(crp_resample_kernel kernel, const uint8_t *source, int16_t *target, size_t count) {
#if CRP_RESAMPLE_X86_64
    if (crp_use_avx2(kernel)) {
        crp_premultiply_avx2(source, target, count);
        return;
    }
#endif
    (void)kernel;
    crp_premultiply_portable(source, target, count);
}

void crp_resample_unpremultiply(crp_resample_kernel kernel, const int16_t *source, uint8_t *target, size_t count) {
#if CRP_RESAMPLE_X86_64
    if (crp_use_avx2(kernel)) {
        crp_unpremultiply_avx2(source, target, count);
        return;
    }
#endif
    (void)kernel;
    crp_unpremultiply_portable(source, target, count);
}

void crp_resample_vertical_u8(crp_resample_kernel kernel, const int16_t *const *rows, const int16_t *weights,
                              size_t taps, size_t width, int precision, uint8_t *out) {
#if CRP_RESAMPLE_X86_64
    if (crp_use_avx2(kernel)) {
        crp_vertical_avx2(rows, weights, taps, width, precision + 6, out, NULL);
        return;
    }
#endif
    (void)kernel;
    crp_vertical_portable(rows, weights, taps, 0, width * 4, precision + 6, out, NULL);
}

void crp_resample_vertical_f6(crp_resample_kernel kernel, const int16_t *const *rows, const int16_t *weights,
                              size_t taps, size_t width, int precision, int16_t *out) {
#if CRP_RESAMPLE_X86_64
    if (crp_use_avx2(kernel)) {
        crp_vertical_avx2(rows, weights, taps, width, precision, NULL, out);
        return;
    }
#endif
    (void)kernel;
    crp_vertical_portable(rows, weights, taps, 0, width * 4, precision, NULL, out);
}
