/* Reads the boxes that name an item's transformative properties: the file's meta box (a full box),
   its pitm (the primary item), its iprp with the ipco (the properties, numbered from 1) and the
   ipma boxes (which properties each item has, in order). The path is fixed, top level > meta > iprp
   > ipco or ipma > property, so nothing recurses: the depth is four boxes by construction. Every box
   is checked against its parent's end (size 1: a 64-bit size follows the type; size 0: up to the
   parent's end; a uuid box has 16 more header bytes), every read against its box's end; nothing is
   allocated, whatever a size or a count declares. A file this reader cannot read as expected is
   reported UNREADABLE and left to libheif, which has already parsed it. */

#include "heif_boxes.h"

#include <string.h>

#define CRP_FOURCC(a, b, c, d) ((uint32_t)(a) << 24 | (uint32_t)(b) << 16 | (uint32_t)(c) << 8 | (uint32_t)(d))
#define CRP_BOX_META CRP_FOURCC('m', 'e', 't', 'a')
#define CRP_BOX_PITM CRP_FOURCC('p', 'i', 't', 'm')
#define CRP_BOX_IPRP CRP_FOURCC('i', 'p', 'r', 'p')
#define CRP_BOX_IPCO CRP_FOURCC('i', 'p', 'c', 'o')
#define CRP_BOX_IPMA CRP_FOURCC('i', 'p', 'm', 'a')
#define CRP_BOX_IROT CRP_FOURCC('i', 'r', 'o', 't')
#define CRP_BOX_IMIR CRP_FOURCC('i', 'm', 'i', 'r')
#define CRP_BOX_CLAP CRP_FOURCC('c', 'l', 'a', 'p')
#define CRP_BOX_UUID CRP_FOURCC('u', 'u', 'i', 'd')

/* An ipma entry counts its associations in 8 bits. */
#define CRP_MAX_ASSOCIATIONS 255

typedef struct {
    uint32_t type;
    size_t body; /* offset of its contents, past the header */
    size_t end;  /* offset just past the box */
} crp_box;

static uint32_t crp_be16(const uint8_t *p) { return (uint32_t)p[0] << 8 | p[1]; }
static uint32_t crp_be24(const uint8_t *p) { return (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2]; }
static uint32_t crp_be32(const uint8_t *p) { return (uint32_t)p[0] << 24 | crp_be24(p + 1); }
static uint64_t crp_be64(const uint8_t *p) { return (uint64_t)crp_be32(p) << 32 | crp_be32(p + 4); }

/* The box whose header starts at `at` within a parent ending at `end` (at <= end); 0 when its header
   is cut short, or its size is smaller than its header or runs past the parent's end. */
static int crp_box_at(const uint8_t *data, size_t at, size_t end, crp_box *box) {
    size_t room = end - at;
    if (room < 8) return 0;
    uint64_t size = crp_be32(data + at);
    size_t header = 8;
    box->type = crp_be32(data + at + 4);
    if (size == 1) {
        if (room < 16) return 0;
        size = crp_be64(data + at + 8);
        header = 16;
    } else if (size == 0) {
        size = room;
    }
    if (box->type == CRP_BOX_UUID) header += 16;
    if (size < header || size > (uint64_t)room) return 0;
    box->body = at + header;
    box->end = at + (size_t)size;
    return 1;
}

/* The first box of `type` among those from `at` to `end` (a parent's children); 0 when there is none
   or one before it is malformed. Every box is at least 8 bytes long, so the walk ends. */
static int crp_box_child(const uint8_t *data, size_t at, size_t end, uint32_t type, crp_box *child) {
    while (at < end) {
        if (!crp_box_at(data, at, end, child)) return 0;
        if (child->type == type) return 1;
        at = child->end;
    }
    return 0;
}

/* The file's one top-level meta box, its version and flags checked to be there. A malformed box ends
   the top level, as it does for libheif; two meta boxes (libheif takes the last) are not read. */
static int crp_boxes_meta(const uint8_t *data, size_t size, crp_box *meta) {
    size_t at = 0;
    int found = 0;
    crp_box box;
    while (at < size && crp_box_at(data, at, size, &box)) {
        if (box.type == CRP_BOX_META) {
            if (found) return 0;
            *meta = box;
            found = 1;
        }
        at = box.end;
    }
    return found && meta->end - meta->body >= 4;
}

crp_heif_orientation crp_heif_orientation_identity(uint32_t width, uint32_t height) {
    crp_heif_orientation orientation = {width, height, 0, 0, 1, 0, 0, 1};
    return orientation;
}

int crp_heif_orientation_fits(const crp_heif_orientation *o, uint32_t width, uint32_t height) {
    if (o->width == 0 || o->height == 0) return 0;
    int64_t right = (int64_t)o->width - 1, bottom = (int64_t)o->height - 1;
    for (int corner = 0; corner < 4; corner++) {
        int64_t x = corner & 1 ? right : 0, y = corner & 2 ? bottom : 0;
        int64_t stored_x = o->x0 + x * o->x_dx + y * o->y_dx, stored_y = o->y0 + x * o->x_dy + y * o->y_dy;
        if (stored_x < 0 || stored_x >= (int64_t)width || stored_y < 0 || stored_y >= (int64_t)height) return 0;
    }
    return 1;
}

int crp_heif_orientation_is_identity(const crp_heif_orientation *o, uint32_t width, uint32_t height) {
    return o->width == width && o->height == height && o->x0 == 0 && o->y0 == 0 && o->x_dx == 1 && o->x_dy == 0 &&
           o->y_dx == 0 && o->y_dy == 1;
}

/* Turns the shown picture by 90 degrees anti-clockwise: the new pixel (x, y) is the old (w-1-y, x). */
static void crp_rotate(crp_heif_orientation *o) {
    int64_t last = (int64_t)o->width - 1;
    o->x0 += last * o->x_dx;
    o->y0 += last * o->x_dy;
    int64_t x_dx = o->x_dx, x_dy = o->x_dy;
    o->x_dx = o->y_dx;
    o->x_dy = o->y_dy;
    o->y_dx = -x_dx;
    o->y_dy = -x_dy;
    uint32_t width = o->width;
    o->width = o->height;
    o->height = width;
}

/* imir: axis 0 exchanges top and bottom, axis 1 left and right (ISO/IEC 23008-12:2022 6.5.12, the
   reading of libheif and libavif; Exif orientations 4 and 2). */
static void crp_mirror(crp_heif_orientation *o, int axis) {
    if (axis == 0) {
        int64_t last = (int64_t)o->height - 1;
        o->x0 += last * o->y_dx;
        o->y0 += last * o->y_dy;
        o->y_dx = -o->y_dx;
        o->y_dy = -o->y_dy;
    } else {
        int64_t last = (int64_t)o->width - 1;
        o->x0 += last * o->x_dx;
        o->y0 += last * o->x_dy;
        o->x_dx = -o->x_dx;
        o->x_dy = -o->x_dy;
    }
}

#ifdef __SIZEOF_INT128__
__extension__ typedef __int128 crp_wide;

/* One side of the clean aperture over `size` pixels, as libheif 1.15 (Box_clap) rounds it but with
   exact fractions (libheif halves large terms and may overflow): the first pixel is
   offset + (size-1)/2 - (extent-1)/2, truncated towards zero for the left edge and rounded
   (x + 1/2 truncated) for the top; the last is extent - 1 + first, rounded; both are then clamped to
   the picture. 0 when no pixel is left. Numerators and denominators are at most 2^31, so every
   term fits in 128 bits; C division truncates towards zero as libheif's does. */
static int crp_clap_span(uint32_t size, int32_t offset_n, uint32_t offset_d, uint32_t extent_n, uint32_t extent_d,
                         int round_first, uint32_t *first, uint32_t *count) {
    /* offset + (size - extent)/2 = (2*on*ed + size*od*ed - en*od) / (2*od*ed) */
    crp_wide numerator = 2 * (crp_wide)offset_n * extent_d + (crp_wide)size * offset_d * extent_d -
                         (crp_wide)extent_n * offset_d;
    crp_wide denominator = 2 * (crp_wide)offset_d * extent_d;
    crp_wide low = round_first ? (2 * numerator + denominator) / (2 * denominator) : numerator / denominator;
    /* extent - 1 + low + 1/2 = (2*en + (2*low - 1)*ed) / (2*ed) */
    crp_wide high = (2 * (crp_wide)extent_n + (2 * low - 1) * extent_d) / (2 * (crp_wide)extent_d);
    if (low < 0) low = 0;
    if (high > (crp_wide)size - 1) high = (crp_wide)size - 1;
    if (low > high) return 0;
    *first = (uint32_t)low;
    *count = (uint32_t)(high - low + 1);
    return 1;
}
#endif

/* clap: the 8 32-bit numbers at `p` (width, height, horizontal and vertical offset of the centre,
   each a numerator and a denominator, the offsets' numerators signed) crop the shown picture. */
static crp_heif_boxes_status crp_crop(crp_heif_orientation *o, const uint8_t *p) {
#ifdef __SIZEOF_INT128__
    uint32_t width_n = crp_be32(p), width_d = crp_be32(p + 4), height_n = crp_be32(p + 8), height_d = crp_be32(p + 12);
    int32_t horizontal_n = (int32_t)crp_be32(p + 16), vertical_n = (int32_t)crp_be32(p + 24);
    uint32_t horizontal_d = crp_be32(p + 20), vertical_d = crp_be32(p + 28);
    /* The range libheif accepts (it refuses the file otherwise). */
    const uint32_t most = INT32_MAX;
    if (width_n > most || width_d > most || height_n > most || height_d > most || horizontal_d > most ||
        vertical_d > most || width_d == 0 || height_d == 0 || horizontal_d == 0 || vertical_d == 0) {
        return CRP_HEIF_BOXES_UNREADABLE;
    }
    uint32_t left, top, width, height;
    if (!crp_clap_span(o->width, horizontal_n, horizontal_d, width_n, width_d, 0, &left, &width) ||
        !crp_clap_span(o->height, vertical_n, vertical_d, height_n, height_d, 1, &top, &height)) {
        return CRP_HEIF_BOXES_NO_PIXEL;
    }
    o->x0 += (int64_t)left * o->x_dx + (int64_t)top * o->y_dx;
    o->y0 += (int64_t)left * o->x_dy + (int64_t)top * o->y_dy;
    o->width = width;
    o->height = height;
    return CRP_HEIF_BOXES_OK;
#else
    (void)o;
    (void)p;
    return CRP_HEIF_BOXES_UNREADABLE;
#endif
}

crp_heif_boxes_status crp_heif_boxes_primary_item(const uint8_t *data, size_t size, uint32_t *item) {
    crp_box meta, pitm;
    if (!data || !crp_boxes_meta(data, size, &meta) ||
        !crp_box_child(data, meta.body + 4, meta.end, CRP_BOX_PITM, &pitm)) {
        return CRP_HEIF_BOXES_UNREADABLE;
    }
    /* A full box: version 0 has a 16-bit item id, a later one 32 bits. */
    size_t length = pitm.end - pitm.body;
    if (length < 4) return CRP_HEIF_BOXES_UNREADABLE;
    size_t id_size = data[pitm.body] == 0 ? 2 : 4;
    if (length < 4 + id_size) return CRP_HEIF_BOXES_UNREADABLE;
    *item = id_size == 2 ? crp_be16(data + pitm.body + 4) : crp_be32(data + pitm.body + 4);
    return CRP_HEIF_BOXES_OK;
}

/* The property indices (from 1; 0 is none) of the first ipma entry for `item`, in order. libheif
   joins all the ipma boxes of iprp in order and takes the first entry of an item, so this does. A
   box that ends on an entry's boundary before entry_count entries ends the list, as for libheif.
   0 when there is no entry or a box is malformed. */
static int crp_boxes_associations(const uint8_t *data, const crp_box *iprp, uint32_t item,
                                  uint16_t indices[CRP_MAX_ASSOCIATIONS], unsigned *count) {
    size_t at = iprp->body;
    crp_box ipma;
    while (at < iprp->end) {
        if (!crp_box_at(data, at, iprp->end, &ipma)) return 0;
        at = ipma.end;
        if (ipma.type != CRP_BOX_IPMA) continue;
        size_t p = ipma.body, end = ipma.end;
        if (end - p < 8) return 0;
        /* version 0: 16-bit item ids, else 32; flags bit 0: 15-bit property indices, else 7. */
        size_t id_size = data[p] == 0 ? 2 : 4, index_size = crp_be24(data + p + 1) & 1 ? 2 : 1;
        uint32_t entries = crp_be32(data + p + 4);
        p += 8;
        for (uint32_t entry = 0; entry < entries && p < end; entry++) {
            if (end - p < id_size + 1) return 0;
            uint32_t id = id_size == 2 ? crp_be16(data + p) : crp_be32(data + p);
            p += id_size;
            unsigned associations = data[p++];
            if ((end - p) / index_size < associations) return 0;
            if (id == item) {
                for (unsigned k = 0; k < associations; k++) {
                    indices[k] = (uint16_t)(index_size == 2 ? crp_be16(data + p + 2 * k) & 0x7fff : data[p + k] & 0x7f);
                }
                *count = associations;
                return 1;
            }
            p += associations * index_size;
        }
    }
    return 0;
}

crp_heif_boxes_status crp_heif_boxes_item_orientation(const uint8_t *data, size_t size, uint32_t item,
                                                      uint32_t stored_width, uint32_t stored_height,
                                                      crp_heif_orientation *orientation) {
    crp_box meta, iprp, ipco;
    if (!data || stored_width == 0 || stored_height == 0 || !crp_boxes_meta(data, size, &meta) ||
        !crp_box_child(data, meta.body + 4, meta.end, CRP_BOX_IPRP, &iprp) ||
        !crp_box_child(data, iprp.body, iprp.end, CRP_BOX_IPCO, &ipco)) {
        return CRP_HEIF_BOXES_UNREADABLE;
    }
    uint16_t indices[CRP_MAX_ASSOCIATIONS];
    unsigned count = 0;
    if (!crp_boxes_associations(data, &iprp, item, indices, &count)) return CRP_HEIF_BOXES_UNREADABLE;

    /* One walk over ipco's children, as far as the largest index, finds every associated box. */
    crp_box properties[CRP_MAX_ASSOCIATIONS];
    unsigned largest = 0;
    for (unsigned k = 0; k < count; k++) {
        if (indices[k] > largest) largest = indices[k];
    }
    size_t at = ipco.body;
    for (unsigned index = 1; index <= largest; index++) {
        crp_box child;
        /* An index past the last property: libheif refuses the file too. */
        if (at >= ipco.end || !crp_box_at(data, at, ipco.end, &child)) return CRP_HEIF_BOXES_UNREADABLE;
        for (unsigned k = 0; k < count; k++) {
            if (indices[k] == index) properties[k] = child;
        }
        at = child.end;
    }

    crp_heif_orientation o = crp_heif_orientation_identity(stored_width, stored_height);
    for (unsigned k = 0; k < count; k++) {
        if (indices[k] == 0) continue;
        const crp_box *property = &properties[k];
        size_t length = property->end - property->body;
        const uint8_t *body = data + property->body;
        /* irot, imir and clap are plain boxes (no version and flags). */
        if (property->type == CRP_BOX_IROT) {
            if (length < 1) return CRP_HEIF_BOXES_UNREADABLE;
            for (unsigned turns = body[0] & 3; turns > 0; turns--) crp_rotate(&o);
        } else if (property->type == CRP_BOX_IMIR) {
            if (length < 1) return CRP_HEIF_BOXES_UNREADABLE;
            crp_mirror(&o, body[0] & 1);
        } else if (property->type == CRP_BOX_CLAP) {
            if (length < 32) return CRP_HEIF_BOXES_UNREADABLE;
            crp_heif_boxes_status status = crp_crop(&o, body);
            if (status != CRP_HEIF_BOXES_OK) return status;
        }
    }
    if (!crp_heif_orientation_fits(&o, stored_width, stored_height)) return CRP_HEIF_BOXES_UNREADABLE;
    *orientation = o;
    return CRP_HEIF_BOXES_OK;
}
