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

#define CRP_BOX_IINF CRP_FOURCC('i', 'i', 'n', 'f')
#define CRP_BOX_INFE CRP_FOURCC('i', 'n', 'f', 'e')
#define CRP_BOX_ILOC CRP_FOURCC('i', 'l', 'o', 'c')
#define CRP_BOX_IREF CRP_FOURCC('i', 'r', 'e', 'f')
#define CRP_BOX_IDAT CRP_FOURCC('i', 'd', 'a', 't')
#define CRP_BOX_DIMG CRP_FOURCC('d', 'i', 'm', 'g')
#define CRP_BOX_HVCC CRP_FOURCC('h', 'v', 'c', 'C')
#define CRP_BOX_AV1C CRP_FOURCC('a', 'v', '1', 'C')
#define CRP_BOX_ISPE CRP_FOURCC('i', 's', 'p', 'e')
#define CRP_BOX_COLR CRP_FOURCC('c', 'o', 'l', 'r')
#define CRP_ITEM_HVC1 CRP_FOURCC('h', 'v', 'c', '1')
#define CRP_ITEM_AV01 CRP_FOURCC('a', 'v', '0', '1')
#define CRP_ITEM_GRID CRP_FOURCC('g', 'r', 'i', 'd')
#define CRP_COLOUR_NCLX CRP_FOURCC('n', 'c', 'l', 'x')

/* The boxes of the file's meta box that the coded image is read from. */
typedef struct {
    const uint8_t *data;
    size_t size;
    crp_box meta, iprp, ipco;
} crp_meta;

static int crp_meta_child(const crp_meta *m, uint32_t type, crp_box *box) {
    return crp_box_child(m->data, m->meta.body + 4, m->meta.end, type, box);
}

/* A big-endian unsigned number of `bytes` (0, 2, 4 or 8) at *p within `end`, advancing *p. */
static int crp_read_number(const uint8_t *data, size_t *p, size_t end, unsigned bytes, uint64_t *value) {
    if (bytes != 0 && bytes != 2 && bytes != 4 && bytes != 8) return 0;
    if (end - *p < bytes) return 0;
    *value = bytes == 0 ? 0 : bytes == 2 ? crp_be16(data + *p) : bytes == 4 ? crp_be32(data + *p) : crp_be64(data + *p);
    *p += bytes;
    return 1;
}

/* The type of `item` from its infe entry (version 2 or 3) in iinf. */
static int crp_item_type(const crp_meta *m, uint32_t item, uint32_t *type) {
    crp_box iinf, infe;
    if (!crp_meta_child(m, CRP_BOX_IINF, &iinf) || iinf.end - iinf.body < 6) return 0;
    size_t at = iinf.body + 4 + (m->data[iinf.body] == 0 ? 2 : 4);
    while (at < iinf.end) {
        if (!crp_box_at(m->data, at, iinf.end, &infe)) return 0;
        at = infe.end;
        if (infe.type != CRP_BOX_INFE || infe.end - infe.body < 4) continue;
        unsigned version = m->data[infe.body];
        if (version < 2) continue;
        size_t id_size = version == 2 ? 2 : 4;
        if (infe.end - infe.body < 4 + id_size + 2 + 4) return 0;
        const uint8_t *p = m->data + infe.body + 4;
        uint32_t id = id_size == 2 ? crp_be16(p) : crp_be32(p);
        if (id == item) {
            *type = crp_be32(p + id_size + 2);
            return 1;
        }
    }
    return 0;
}

/* Where the data of `item` is: its one extent in iloc, in the file (construction method 0) or in idat
   (1). An extent length of 0 runs to the end of its file or idat. */
static int crp_item_extent(const crp_meta *m, uint32_t item, crp_heif_extent *extent) {
    crp_box iloc;
    const uint8_t *data = m->data;
    if (!crp_meta_child(m, CRP_BOX_ILOC, &iloc) || iloc.end - iloc.body < 8) return 0;
    size_t p = iloc.body, end = iloc.end;
    unsigned version = data[p];
    if (version > 2) return 0;
    p += 4;
    unsigned offset_size = data[p] >> 4, length_size = data[p] & 15, base_size = data[p + 1] >> 4;
    unsigned index_size = version == 0 ? 0 : data[p + 1] & 15;
    p += 2;
    uint64_t count;
    if (!crp_read_number(data, &p, end, version < 2 ? 2 : 4, &count)) return 0;
    for (uint64_t entry = 0; entry < count; entry++) {
        uint64_t id, method = 0, reference, base, extents;
        if (!crp_read_number(data, &p, end, version < 2 ? 2 : 4, &id)) return 0;
        if (version >= 1) {
            if (!crp_read_number(data, &p, end, 2, &method)) return 0;
            method &= 15;
        }
        if (!crp_read_number(data, &p, end, 2, &reference) || !crp_read_number(data, &p, end, base_size, &base) ||
            !crp_read_number(data, &p, end, 2, &extents)) {
            return 0;
        }
        for (uint64_t k = 0; k < extents; k++) {
            uint64_t index, offset, length;
            if (!crp_read_number(data, &p, end, index_size, &index) ||
                !crp_read_number(data, &p, end, offset_size, &offset) ||
                !crp_read_number(data, &p, end, length_size, &length)) {
                return 0;
            }
            if (id != item) continue;
            if (extents != 1 || reference != 0 || method > 1) return 0;
            size_t start = 0, limit = m->size;
            if (method == 1) {
                crp_box idat;
                if (!crp_meta_child(m, CRP_BOX_IDAT, &idat)) return 0;
                start = idat.body;
                limit = idat.end;
            }
            if (base > (uint64_t)(limit - start) || offset > (uint64_t)(limit - start) - base) return 0;
            size_t first = start + (size_t)(base + offset);
            if (length == 0) length = limit - first;
            if (length > (uint64_t)(limit - first)) return 0;
            extent->offset = first;
            extent->length = (size_t)length;
            return 1;
        }
    }
    return 0;
}

/* The items `item` derives from through a dimg reference (its tiles, in order): at most `capacity`. */
static int crp_item_derived_from(const crp_meta *m, uint32_t item, uint32_t *ids, unsigned capacity,
                                 unsigned *count) {
    crp_box iref, reference;
    const uint8_t *data = m->data;
    if (!crp_meta_child(m, CRP_BOX_IREF, &iref) || iref.end - iref.body < 4) return 0;
    size_t id_size = data[iref.body] == 0 ? 2 : 4;
    size_t at = iref.body + 4;
    while (at < iref.end) {
        if (!crp_box_at(data, at, iref.end, &reference)) return 0;
        at = reference.end;
        if (reference.type != CRP_BOX_DIMG) continue;
        size_t p = reference.body;
        if (reference.end - p < id_size + 2) return 0;
        uint32_t from = id_size == 2 ? crp_be16(data + p) : crp_be32(data + p);
        unsigned references = crp_be16(data + p + id_size);
        p += id_size + 2;
        if ((reference.end - p) / id_size < references) return 0;
        if (from != item) continue;
        if (references == 0 || references > capacity) return 0;
        for (unsigned k = 0; k < references; k++) {
            ids[k] = id_size == 2 ? crp_be16(data + p + 2 * k) : crp_be32(data + p + 4 * k);
        }
        *count = references;
        return 1;
    }
    return 0;
}

/* The first property of `type` associated with `item`; 0 when it has none. *malformed is set when
   the association or the properties cannot be read. */
static int crp_item_property(const crp_meta *m, uint32_t item, uint32_t type, crp_box *property, int *malformed) {
    uint16_t indices[CRP_MAX_ASSOCIATIONS];
    unsigned count = 0;
    if (!crp_boxes_associations(m->data, &m->iprp, item, indices, &count)) {
        *malformed = 1;
        return 0;
    }
    for (unsigned k = 0; k < count; k++) {
        if (indices[k] == 0) continue;
        size_t at = m->ipco.body;
        crp_box child;
        for (unsigned index = 1;; index++) {
            if (at >= m->ipco.end || !crp_box_at(m->data, at, m->ipco.end, &child)) {
                *malformed = 1;
                return 0;
            }
            if (index == indices[k]) break;
            at = child.end;
        }
        if (child.type == type) {
            *property = child;
            return 1;
        }
    }
    return 0;
}

/* A picture's codec, configuration body, size and nclx, checked to be 8 bits in 4:2:0. */
typedef struct {
    crp_heif_codec codec;
    size_t config_offset, config_length;
    uint32_t width, height;
    int matrix, full_range;
} crp_picture_facts;

/* The nclx of a colr box associated with `item`, if it has one: 1 and the values, 0 without, -1 for
   an unreadable one. */
static int crp_item_nclx(const crp_meta *m, uint32_t item, int *matrix, int *full_range) {
    crp_box colr;
    int malformed = 0;
    if (!crp_item_property(m, item, CRP_BOX_COLR, &colr, &malformed)) return malformed ? -1 : 0;
    if (colr.end - colr.body < 4 || crp_be32(m->data + colr.body) != CRP_COLOUR_NCLX) {
        /* A profile (prof, rICC) may come before an nclx: libheif 1.15 reads the first only. */
        return 0;
    }
    if (colr.end - colr.body < 11) return -1;
    *matrix = (int)crp_be16(m->data + colr.body + 8);
    *full_range = m->data[colr.body + 10] >> 7;
    return 1;
}

/* Whether libswscale converts YCbCr of nclx matrix_coefficients `matrix` (-1: none): BT.709, FCC,
   BT.601 (5, 6), SMPTE 240M, BT.2020 non-constant, and unspecified (2), which libheif takes as
   BT.601. Identity (0, RGB as GBR), the chromaticity-derived ones and ICtCp are left to libheif. */
static int crp_converted_matrix(int matrix) {
    return matrix == -1 || matrix == 1 || matrix == 2 || matrix == 4 || matrix == 5 || matrix == 6 || matrix == 7 ||
           matrix == 9;
}

static int crp_picture(const crp_meta *m, uint32_t item, crp_picture_facts *facts) {
    uint32_t type;
    crp_box config, ispe;
    int malformed = 0;
    if (!crp_item_type(m, item, &type) || (type != CRP_ITEM_HVC1 && type != CRP_ITEM_AV01)) return 0;
    facts->codec = type == CRP_ITEM_HVC1 ? CRP_HEIF_CODEC_HEVC : CRP_HEIF_CODEC_AV1;
    if (!crp_item_property(m, item, type == CRP_ITEM_HVC1 ? CRP_BOX_HVCC : CRP_BOX_AV1C, &config, &malformed) ||
        !crp_item_property(m, item, CRP_BOX_ISPE, &ispe, &malformed)) {
        return 0;
    }
    const uint8_t *record = m->data + config.body;
    size_t length = config.end - config.body;
    if (type == CRP_ITEM_HVC1) {
        /* configurationVersion 1; chroma_format_idc 1 (4:2:0); bit depths 8 (ISO/IEC 14496-15
           8.3.3.1). */
        if (length < 23 || record[0] != 1 || (record[16] & 3) != 1 || (record[17] & 7) != 0 ||
            (record[18] & 7) != 0) {
            return 0;
        }
    } else {
        /* marker and version 1; then seq_profile 0 (Main), and high_bitdepth 0, monochrome 0 and
           chroma_subsampling_x and _y 1 (AV1 Codec ISOBMFF Binding 2.3.3). */
        if (length < 4 || record[0] != 0x81 || (record[1] >> 5) != 0 || (record[2] & 0x40) || (record[2] & 0x10) ||
            (record[2] & 0x0C) != 0x0C) {
            return 0;
        }
    }
    if (ispe.end - ispe.body < 12) return 0;
    facts->config_offset = config.body;
    facts->config_length = length;
    facts->width = crp_be32(m->data + ispe.body + 4);
    facts->height = crp_be32(m->data + ispe.body + 8);
    facts->matrix = -1;
    facts->full_range = -1;
    return facts->width > 0 && facts->height > 0 && crp_item_nclx(m, item, &facts->matrix, &facts->full_range) >= 0;
}

crp_heif_boxes_status crp_heif_boxes_coded_image(const uint8_t *data, size_t size, uint32_t item,
                                                 crp_heif_coded_image *image) {
    crp_meta m = {data, size, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
    if (!data || !image || !crp_boxes_meta(data, size, &m.meta) || !crp_meta_child(&m, CRP_BOX_IPRP, &m.iprp) ||
        !crp_box_child(data, m.iprp.body, m.iprp.end, CRP_BOX_IPCO, &m.ipco)) {
        return CRP_HEIF_BOXES_UNREADABLE;
    }
    uint32_t type;
    if (!crp_item_type(&m, item, &type)) return CRP_HEIF_BOXES_UNREADABLE;
    uint32_t ids[CRP_HEIF_MAX_TILES];
    uint32_t *tiles = ids;
    uint32_t single = item;
    unsigned count = 1;
    crp_heif_extent grid;
    if (type == CRP_ITEM_GRID) {
        /* The grid's description (ISO/IEC 23008-12 6.6.2.3.2): version 0, flags bit 0 for 32-bit
           sizes, rows and columns less one, the output size. */
        if (!crp_item_extent(&m, item, &grid) || grid.length < 8) return CRP_HEIF_BOXES_UNREADABLE;
        const uint8_t *g = data + grid.offset;
        unsigned wide = g[1] & 1;
        if (g[0] != 0 || grid.length < (wide ? 12u : 8u)) return CRP_HEIF_BOXES_UNREADABLE;
        image->rows = g[2] + 1u;
        image->columns = g[3] + 1u;
        image->width = wide ? crp_be32(g + 4) : crp_be16(g + 4);
        image->height = wide ? crp_be32(g + 8) : crp_be16(g + 6);
        if (!crp_item_derived_from(&m, item, tiles, CRP_HEIF_MAX_TILES, &count) ||
            count != image->rows * image->columns) {
            return CRP_HEIF_BOXES_UNREADABLE;
        }
    } else if (type == CRP_ITEM_HVC1 || type == CRP_ITEM_AV01) {
        tiles = &single;
        image->rows = image->columns = 1;
    } else {
        return CRP_HEIF_BOXES_UNREADABLE;
    }
    crp_picture_facts first = {CRP_HEIF_CODEC_HEVC, 0, 0, 0, 0, -1, -1};
    for (unsigned k = 0; k < count; k++) {
        crp_picture_facts facts;
        if (!crp_picture(&m, tiles[k], &facts) || !crp_item_extent(&m, tiles[k], &image->tiles[k])) {
            return CRP_HEIF_BOXES_UNREADABLE;
        }
        if (k == 0) {
            first = facts;
        } else if (facts.codec != first.codec || facts.width != first.width || facts.height != first.height ||
                   facts.config_length != first.config_length || facts.matrix != first.matrix ||
                   facts.full_range != first.full_range ||
                   memcmp(data + facts.config_offset, data + first.config_offset, first.config_length) != 0) {
            return CRP_HEIF_BOXES_UNREADABLE;
        }
    }
    image->tile_count = count;
    image->tile_width = first.width;
    image->tile_height = first.height;
    image->codec = first.codec;
    image->config_offset = first.config_offset;
    image->config_length = first.config_length;
    image->matrix = first.matrix;
    image->full_range = first.full_range;
    if (type != CRP_ITEM_GRID) {
        image->width = first.width;
        image->height = first.height;
    } else {
        /* The grid's own nclx, if it has one, is the one libheif applies to the whole picture. */
        int matrix = -1, full_range = -1;
        int own = crp_item_nclx(&m, item, &matrix, &full_range);
        if (own < 0) return CRP_HEIF_BOXES_UNREADABLE;
        if (own > 0) {
            image->matrix = matrix;
            image->full_range = full_range;
        }
        /* Every tile must be needed and the tiles must cover the output, as libheif requires. */
        uint64_t across = (uint64_t)image->columns * first.width, down = (uint64_t)image->rows * first.height;
        if (image->width == 0 || image->height == 0 || across < image->width || down < image->height ||
            across - first.width >= image->width || down - first.height >= image->height) {
            return CRP_HEIF_BOXES_UNREADABLE;
        }
    }
    return crp_converted_matrix(image->matrix) ? CRP_HEIF_BOXES_OK : CRP_HEIF_BOXES_UNREADABLE;
}
