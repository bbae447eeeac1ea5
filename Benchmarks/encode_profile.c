/* Where the time of writing a PNG goes, and the JPEG writer's time, for Benchmarks/encode-profile.sh.
 *
 * usage: encode_profile INPUT.png RUNS [jpeg LABEL | card | compare]
 *
 * Reads INPUT.png as 8-bit RGBA (libpng's simplified API), then times, RUNS times each, the median
 * and the fastest run of CPU time of this thread (or wall time for the threaded rows):
 *   - the previous writer: libpng, rows packed RGBA -> RGB, png_write_row, level 1, Z_RLE, Paeth;
 *   - the shim's writer (Sources/CRichPreviewPNG/png_encoder.c) with the photo settings (Paeth,
 *     libdeflate level 1) and with the previous ones (Paeth, zlib level 1, Z_RLE), 1 and 2 threads
 *     each (the bytes do not depend on the count);
 *   - its stages alone: packing and Paeth-filtering every row; compressing the filtered rows with
 *     zlib (level 1, Z_RLE, memLevel 9) and with libdeflate (level 1), each with its Adler-32;
 *     Adler-32 of the filtered rows; CRC-32 of the compressed bytes;
 *   - every filter with zlib's Z_RLE and Z_HUFFMAN_ONLY at level 1, every filter with libdeflate at
 *     level 1, and Paeth with libdeflate at levels 2, 4 and 6: bytes and time, to show what the
 *     choice costs.
 * Prints a Markdown table. The image is written as RGB (the benchmark's photos are opaque).
 * With `compare` it prints one row for INPUT.png: the bytes and median CPU time of the photo
 * settings with zlib (Paeth, level 1, Z_RLE) and with libdeflate (Paeth, level 1), and their ratios;
 * the script runs it on several photos at two sizes (gray ones written gray).
 * With `card` it prints a shorter table for an image of text and flat areas (a rendered card): the
 * photo settings with each compressor, and adaptive filters with zlib level 9 and libdeflate levels
 * 6, 9 and 12.
 * With `jpeg LABEL` it times the shim's JPEG writer (quality 85) instead and prints one row named
 * LABEL: the script runs it once as is and once with JSIMD_FORCENONE=1, which turns libjpeg-turbo's
 * SIMD code off, to show that the SIMD paths are the ones used. */
#include "CRichPreviewJPEG.h"
#include "CRichPreviewPNG.h"

#include <libdeflate.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

#define MAX_RUNS 101

static double cpu_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static double wall_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

typedef struct {
    double median;
    double fastest;
} timing;

static timing summarise(double *times, int runs) {
    qsort(times, (size_t)runs, sizeof *times, compare);
    timing result = {times[runs / 2], times[0]};
    return result;
}

static void row(const char *what, size_t bytes, timing t, const char *clock) {
    printf("| %s | %zu | %.2f | %.2f | %s |\n", what, bytes, t.median, t.fastest, clock);
}

/* ---- the previous writer: libpng ---- */

typedef struct {
    unsigned char *data;
    size_t size, capacity;
} sink;

static void sink_write(png_structp png, png_bytep data, size_t length) {
    sink *out = png_get_io_ptr(png);
    if (out->size + length > out->capacity) {
        out->capacity = (out->size + length) * 2;
        out->data = realloc(out->data, out->capacity);
        if (!out->data) png_error(png, "out of memory");
    }
    memcpy(out->data + out->size, data, length);
    out->size += length;
}

static void sink_flush(png_structp png) { (void)png; }

static size_t libpng_write(const unsigned char *rgba, unsigned width, unsigned height) {
    sink out = {NULL, 0, 0};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    unsigned char *packed = malloc((size_t)width * 3);
    if (setjmp(png_jmpbuf(png))) {
        fprintf(stderr, "libpng failed\n");
        exit(1);
    }
    png_set_write_fn(png, &out, sink_write, sink_flush);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, 1);
    png_set_compression_strategy(png, Z_RLE);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_PAETH);
    png_write_info(png, info);
    for (unsigned y = 0; y < height; y++) {
        const unsigned char *s = rgba + (size_t)y * width * 4;
        for (unsigned x = 0; x < width; x++) memcpy(packed + (size_t)x * 3, s + (size_t)x * 4, 3);
        png_write_row(png, packed);
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(packed);
    free(out.data);
    return out.size;
}

/* ---- the stages of the shim's writer, separately ---- */

static void paeth(unsigned char *out, const unsigned char *row, const unsigned char *above, size_t count,
                  size_t bpp) {
    for (size_t i = 0; i < bpp; i++) out[i] = (unsigned char)(row[i] - above[i]);
    for (size_t i = bpp; i < count; i++) {
        int a = row[i - bpp], b = above[i], c = above[i - bpp];
        int pa = b - c, pb = a - c, pc = a + b - 2 * c;
        pa = pa < 0 ? -pa : pa;
        pb = pb < 0 ? -pb : pb;
        pc = pc < 0 ? -pc : pc;
        out[i] = (unsigned char)(row[i] - ((pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c)));
    }
}

/* Packs and Paeth-filters every row into `filtered` (filter byte + 3 bytes per pixel). */
static void filter_all(const unsigned char *rgba, unsigned width, unsigned height, unsigned char *filtered) {
    size_t count = (size_t)width * 3;
    unsigned char *rows = calloc(2, count);
    unsigned char *current = rows, *above = rows + count;
    for (unsigned y = 0; y < height; y++) {
        const unsigned char *s = rgba + (size_t)y * width * 4;
        for (unsigned x = 0; x < width; x++) memcpy(current + (size_t)x * 3, s + (size_t)x * 4, 3);
        unsigned char *out = filtered + (size_t)y * (count + 1);
        out[0] = 4;
        paeth(out + 1, current, above, count, 3);
        unsigned char *swap = above;
        above = current;
        current = swap;
    }
    free(rows);
}

static size_t deflate_all(const unsigned char *data, size_t size, unsigned char *out, size_t capacity, int strategy) {
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    deflateInit2(&stream, 1, Z_DEFLATED, 15, 9, strategy);
    stream.next_in = (Bytef *)data;
    stream.avail_in = (uInt)size;
    stream.next_out = out;
    stream.avail_out = (uInt)capacity;
    deflate(&stream, Z_FINISH);
    size_t written = stream.total_out;
    deflateEnd(&stream);
    return written;
}

static size_t libdeflate_all(const unsigned char *data, size_t size, unsigned char *out, size_t capacity) {
    struct libdeflate_compressor *compressor = libdeflate_alloc_compressor(1);
    size_t written = libdeflate_zlib_compress(compressor, data, size, out, capacity);
    libdeflate_free_compressor(compressor);
    return written;
}

/* The shim's options for an RGB image: `compressor` a crp_png_compressor, `filters` 0 adaptive, 1 none,
   2 sub, 3 up, 4 average, 5 Paeth; `strategy` as crp_png_encode_options has it (zlib only). */
static crp_png_encode_options writer_options(int compressor, int level, int strategy, int filters, int threads) {
    crp_png_encode_options options = {.compression_level = level, .strategy = strategy, .filters = filters,
                                      .channels = 3, .threads = (uint8_t)threads, .compressor = (uint8_t)compressor};
    return options;
}

/* Runs the shim's writer `runs` times: CPU time of this thread with one thread, wall time with more;
   sets `*bytes` to the file's size. */
static timing measure_writer(const unsigned char *rgba, unsigned width, unsigned height,
                             crp_png_encode_options options, int runs, size_t *bytes) {
    double times[MAX_RUNS];
    char message[256];
    int wall = options.threads > 1;
    for (int r = 0; r < runs; r++) {
        uint8_t *output = NULL;
        double start = wall ? wall_ms() : cpu_ms();
        if (crp_png_encode_rgba8(rgba, width, height, (size_t)width * 4, options, &output, bytes, message,
                                 sizeof message) != CRP_PNG_OK) {
            fprintf(stderr, "the shim's writer failed: %s\n", message);
            exit(1);
        }
        times[r] = (wall ? wall_ms() : cpu_ms()) - start;
        crp_png_free(output);
    }
    return summarise(times, runs);
}

/* Times the shim's writer and prints its row. */
static void time_writer(const char *what, const unsigned char *rgba, unsigned width, unsigned height,
                        crp_png_encode_options options, int runs) {
    size_t bytes = 0;
    timing t = measure_writer(rgba, width, height, options, runs, &bytes);
    row(what, bytes, t, options.threads > 1 ? "wall" : "CPU");
}

/* One row of the comparison over photos: the photo settings with zlib and with libdeflate, one thread. */
static void compare_row(const char *name, const unsigned char *rgba, unsigned width, unsigned height, int channels,
                        int runs) {
    crp_png_encode_options zlib = writer_options(CRP_PNG_ZLIB, 1, 3, 5, 1);
    crp_png_encode_options libdeflate = writer_options(CRP_PNG_LIBDEFLATE, 1, 0, 5, 1);
    zlib.channels = libdeflate.channels = (uint8_t)channels;
    size_t zlib_bytes = 0, libdeflate_bytes = 0;
    timing zlib_time = measure_writer(rgba, width, height, zlib, runs, &zlib_bytes);
    timing libdeflate_time = measure_writer(rgba, width, height, libdeflate, runs, &libdeflate_bytes);
    const char *slash = strrchr(name, '/');
    printf("| %s | %ux%u | %zu | %zu | %.3f | %.2f | %.2f | %.2f |\n", slash ? slash + 1 : name, width, height,
           zlib_bytes,
           libdeflate_bytes, (double)libdeflate_bytes / (double)zlib_bytes, zlib_time.median, libdeflate_time.median,
           libdeflate_time.median / zlib_time.median);
}

static const char *filter_names[] = {"adaptive", "none", "sub", "up", "average", "Paeth"};

/* The drawing table: the photo settings with each compressor, adaptive filters at high levels. */
static void card_table(const unsigned char *rgba, unsigned width, unsigned height, int runs) {
    time_writer("photo settings: Paeth, libdeflate level 1", rgba, width, height,
                writer_options(CRP_PNG_LIBDEFLATE, 1, 0, 5, 1), runs);
    time_writer("previous photo settings: Paeth, zlib level 1, Z_RLE", rgba, width, height,
                writer_options(CRP_PNG_ZLIB, 1, 3, 5, 1), runs);
    time_writer("drawing settings: adaptive, zlib level 9", rgba, width, height,
                writer_options(CRP_PNG_ZLIB, 9, 0, 0, 1), runs);
    static const int levels[] = {6, 9, 12};
    for (int i = 0; i < 3; i++) {
        char what[128];
        snprintf(what, sizeof what, "choice: adaptive, libdeflate level %d", levels[i]);
        time_writer(what, rgba, width, height, writer_options(CRP_PNG_LIBDEFLATE, levels[i], 0, 0, 1), runs);
    }
}

int main(int argc, char **argv) {
    if (argc < 3 || argc > 5 || (argc == 4 && strcmp(argv[3], "card") != 0 && strcmp(argv[3], "compare") != 0) ||
        (argc == 5 && strcmp(argv[3], "jpeg") != 0)) {
        fprintf(stderr, "usage: encode_profile INPUT.png RUNS [jpeg LABEL | card | compare]\n");
        return 2;
    }
    int runs = atoi(argv[2]);
    if (runs < 1 || runs > MAX_RUNS) {
        fprintf(stderr, "RUNS must be 1 to %d\n", MAX_RUNS);
        return 2;
    }
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&image, argv[1])) {
        fprintf(stderr, "%s: %s\n", argv[1], image.message);
        return 1;
    }
    int gray = !(image.format & PNG_FORMAT_FLAG_COLOR);
    image.format = PNG_FORMAT_RGBA;
    unsigned width = image.width, height = image.height;
    unsigned char *rgba = malloc(PNG_IMAGE_SIZE(image));
    if (!rgba || !png_image_finish_read(&image, NULL, rgba, 0, NULL)) {
        fprintf(stderr, "%s: %s\n", argv[1], image.message);
        return 1;
    }
    double times[MAX_RUNS];
    char message[256];
    size_t bytes = 0;
    if (argc == 5) {
        for (int r = 0; r < runs; r++) {
            uint8_t *output = NULL;
            double start = cpu_ms();
            if (crp_jpeg_encode_rgba8(rgba, width, height, (size_t)width * 4, 85, &output, &bytes, message,
                                      sizeof message) != CRP_JPEG_OK) {
                fprintf(stderr, "the shim's JPEG writer failed: %s\n", message);
                return 1;
            }
            times[r] = cpu_ms() - start;
            crp_jpeg_free(output);
        }
        row(argv[4], bytes, summarise(times, runs), "CPU");
        free(rgba);
        return 0;
    }
    if (argc == 4 && strcmp(argv[3], "compare") == 0) {
        compare_row(argv[1], rgba, width, height, gray ? 1 : 3, runs);
        free(rgba);
        return 0;
    }
    printf("%ux%u RGBA from %s, written as RGB; %d runs each.\n\n", width, height, argv[1], runs);
    printf("| what | bytes | median ms | fastest ms | clock |\n|---|---|---|---|---|\n");
    if (argc == 4) {
        card_table(rgba, width, height, runs);
        free(rgba);
        return 0;
    }
    size_t filtered_size = ((size_t)width * 3 + 1) * height;
    unsigned char *filtered = malloc(filtered_size);
    size_t capacity = compressBound((uLong)filtered_size);
    size_t libdeflate_capacity = libdeflate_zlib_compress_bound(NULL, filtered_size);
    if (libdeflate_capacity > capacity) capacity = libdeflate_capacity;
    unsigned char *compressed = malloc(capacity);

    for (int r = 0; r < runs; r++) {
        double start = cpu_ms();
        bytes = libpng_write(rgba, width, height);
        times[r] = cpu_ms() - start;
    }
    row("libpng's writer (pack, png_write_row, Paeth, level 1, Z_RLE)", bytes, summarise(times, runs), "CPU");
    static const struct {
        int compressor, strategy;
        const char *settings;
    } writers[] = {{CRP_PNG_ZLIB, 3, "zlib (Paeth, level 1, Z_RLE: the previous photo settings)"},
                   {CRP_PNG_LIBDEFLATE, 0, "libdeflate (Paeth, level 1: the photo settings)"}};
    char what[128];
    for (int w = 0; w < 2; w++) {
        for (int threads = 1; threads <= 2; threads++) {
            snprintf(what, sizeof what, "the shim's writer, %s, %d thread%s", writers[w].settings, threads,
                     threads == 1 ? "" : "s");
            time_writer(what, rgba, width, height,
                        writer_options(writers[w].compressor, 1, writers[w].strategy, 5, threads), runs);
        }
    }

    for (int r = 0; r < runs; r++) {
        double start = cpu_ms();
        filter_all(rgba, width, height, filtered);
        times[r] = cpu_ms() - start;
    }
    row("stage: pack RGBA -> RGB and Paeth-filter every row", filtered_size, summarise(times, runs), "CPU");
    for (int r = 0; r < runs; r++) {
        double start = cpu_ms();
        bytes = deflate_all(filtered, filtered_size, compressed, capacity, Z_RLE);
        times[r] = cpu_ms() - start;
    }
    row("stage: zlib deflate of the filtered rows (level 1, Z_RLE, memLevel 9, Adler-32 included)", bytes,
        summarise(times, runs), "CPU");
    for (int r = 0; r < runs; r++) {
        double start = cpu_ms();
        bytes = libdeflate_all(filtered, filtered_size, compressed, capacity);
        times[r] = cpu_ms() - start;
    }
    row("stage: libdeflate zlib compression of the filtered rows (level 1, Adler-32 included)", bytes,
        summarise(times, runs), "CPU");
    volatile uLong sum = 0;
    for (int r = 0; r < runs; r++) {
        double start = cpu_ms();
        sum += adler32_z(1, filtered, filtered_size);
        times[r] = cpu_ms() - start;
    }
    row("stage: Adler-32 of the filtered rows", filtered_size, summarise(times, runs), "CPU");
    for (int r = 0; r < runs; r++) {
        double start = cpu_ms();
        sum += crc32_z(0, compressed, bytes);
        times[r] = cpu_ms() - start;
    }
    row("stage: CRC-32 of the compressed bytes", bytes, summarise(times, runs), "CPU");

    static const char *strategy_names[] = {"Z_HUFFMAN_ONLY", "Z_RLE"};
    for (int s = 0; s < 2; s++) {
        for (int f = 1; f <= 5; f++) {
            snprintf(what, sizeof what, "choice: %s filter, zlib level 1, %s", filter_names[f], strategy_names[s]);
            time_writer(what, rgba, width, height, writer_options(CRP_PNG_ZLIB, 1, s == 0 ? 2 : 3, f, 1), runs);
        }
    }
    for (int f = 1; f <= 5; f++) {
        snprintf(what, sizeof what, "choice: %s filter, libdeflate level 1", filter_names[f]);
        time_writer(what, rgba, width, height, writer_options(CRP_PNG_LIBDEFLATE, 1, 0, f, 1), runs);
    }
    static const int levels[] = {2, 4, 6};
    for (int i = 0; i < 3; i++) {
        snprintf(what, sizeof what, "choice: Paeth filter, libdeflate level %d", levels[i]);
        time_writer(what, rgba, width, height, writer_options(CRP_PNG_LIBDEFLATE, levels[i], 0, 5, 1), runs);
    }
    free(rgba);
    free(filtered);
    free(compressed);
    return 0;
}
