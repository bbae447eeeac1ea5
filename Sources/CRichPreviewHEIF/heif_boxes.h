#ifndef CRICHPREVIEWHEIF_BOXES_H
#define CRICHPREVIEWHEIF_BOXES_H

/* A reader of the few boxes of a HEIF or AVIF file the shim needs to apply an item's transformative
   properties (clap, irot, imir) itself, and the composition of those properties into one mapping
   from the shown picture to the stored one. Private to the shim; allocates nothing and never reads
   outside the `size` bytes at `data`. */

#include <stddef.h>
#include <stdint.h>

/* Where each pixel of the shown picture comes from in the stored one (as decoded, untransformed):
   shown pixel (x, y) is stored pixel (x0 + x*x_dx + y*y_dx, y0 + x*x_dy + y*y_dy). Each step is -1,
   0 or 1, one of each pair 0: rotations and mirrors only permute and flip the axes. */
typedef struct {
    uint32_t width, height; /* the shown size */
    int64_t x0, y0;         /* the stored pixel shown at the top left */
    int64_t x_dx, x_dy;     /* the stored step for one shown pixel to the right */
    int64_t y_dx, y_dy;     /* the stored step for one shown row down */
} crp_heif_orientation;

typedef enum {
    CRP_HEIF_BOXES_OK = 0,
    CRP_HEIF_BOXES_UNREADABLE, /* the boxes are not as the shim reads them: let libheif transform */
    CRP_HEIF_BOXES_NO_PIXEL    /* read, but the clean aperture leaves no pixel (libheif refuses it too) */
} crp_heif_boxes_status;

/* The identity over a stored picture of `width` x `height`. */
crp_heif_orientation crp_heif_orientation_identity(uint32_t width, uint32_t height);

/* Whether every shown pixel comes from within a stored picture of `width` x `height`. */
int crp_heif_orientation_fits(const crp_heif_orientation *orientation, uint32_t width, uint32_t height);

/* Whether the mapping shows a stored picture of `width` x `height` unchanged. */
int crp_heif_orientation_is_identity(const crp_heif_orientation *orientation, uint32_t width, uint32_t height);

/* The primary item's id from the pitm box of the file's meta box. */
crp_heif_boxes_status crp_heif_boxes_primary_item(const uint8_t *data, size_t size, uint32_t *item);

/* Composes the transformative properties of `item` (stored as `stored_width` x `stored_height`, its
   ispe) in the order its ipma entry lists them, as ISO/IEC 23008-12 applies them: irot turns by
   90 degrees anti-clockwise per unit of its angle, imir 0 exchanges top and bottom and imir 1 left
   and right, clap crops to the rectangle libheif 1.15 computes. Other properties are skipped. */
crp_heif_boxes_status crp_heif_boxes_item_orientation(const uint8_t *data, size_t size, uint32_t item,
                                                      uint32_t stored_width, uint32_t stored_height,
                                                      crp_heif_orientation *orientation);

/* The most pictures of a grid the shim decodes itself (a 16384-pixel square of 512-pixel tiles);
   a grid of more is left to libheif. */
#define CRP_HEIF_MAX_TILES 1024

/* Where one coded picture's bytes are in the file. */
typedef struct {
    size_t offset, length;
} crp_heif_extent;

/* The codec of a coded image's pictures. */
typedef enum { CRP_HEIF_CODEC_HEVC = 1, CRP_HEIF_CODEC_AV1 = 2 } crp_heif_codec;

/* A HEVC- or AV1-coded image as the shim decodes it without libheif: one picture (an hvc1 or av01
   item) or a grid of pictures (a grid item whose tiles are such items, an iPhone's photo), every
   picture with the same codec, decoder configuration (hvcC or av1C) and size (ispe). */
typedef struct {
    crp_heif_codec codec;
    uint32_t width, height;           /* the image as stored: the grid's output size, or the picture's */
    uint32_t tile_width, tile_height; /* each picture's size (its ispe) */
    uint32_t rows, columns;           /* of the grid; 1 and 1 for one picture */
    size_t config_offset, config_length; /* the body of the pictures' hvcC or av1C box */
    int matrix;                       /* nclx matrix_coefficients of the image or its pictures; -1 without */
    int full_range;                   /* nclx full_range_flag; -1 without (the stream's own then) */
    unsigned tile_count;              /* rows x columns */
    crp_heif_extent tiles[CRP_HEIF_MAX_TILES]; /* each picture's data, row by row */
} crp_heif_coded_image;

/* Reads `item` as a HEVC- or AV1-coded image of 8-bit 4:2:0 pictures in YCbCr: its type (iinf), its
   pictures (iref dimg and the grid's description, for a grid), their data (iloc: one extent each, in
   the file or in idat), their hvcC or av1C and ispe properties and an nclx colr, if any. UNREADABLE
   for anything else (another codec or depth, monochrome or 4:4:4, an nclx matrix libswscale does not
   convert (identity, chromaticity-derived, ICtCp), a derivation other than a grid, pictures coded
   differently, data in several extents): libheif decodes those. */
crp_heif_boxes_status crp_heif_boxes_coded_image(const uint8_t *data, size_t size, uint32_t item,
                                                 crp_heif_coded_image *image);

#endif
