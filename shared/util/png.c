/* SPDX-License-Identifier: MIT */
#include "png.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "os.h"

/* PNG spec (W3C, 2nd edition), 5.5: CRC-32 with polynomial 0xedb88320. */
uint32_t
util_crc32(uint32_t crc, const void *data, size_t size_B)
{
   static uint32_t table[256];
   static int table_ready;
   if (!table_ready) {
      for (uint32_t n = 0; n < 256; n++) {
         uint32_t c = n;
         for (int k = 0; k < 8; k++)
            c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
         table[n] = c;
      }
      table_ready = 1;
   }
   const uint8_t *p = data;
   crc = ~crc;
   while (size_B--)
      crc = table[(crc ^ *p++) & 0xff] ^ (crc >> 8);
   return ~crc;
}

static void
put_be32(uint8_t *p, uint32_t v)
{
   p[0] = (uint8_t)(v >> 24);
   p[1] = (uint8_t)(v >> 16);
   p[2] = (uint8_t)(v >> 8);
   p[3] = (uint8_t)v;
}

static uint32_t
get_be32(const uint8_t *p)
{
   return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static uint8_t *
put_chunk(uint8_t *out, const char type[4], const uint8_t *data, uint32_t len)
{
   put_be32(out, len);
   memcpy(out + 4, type, 4);
   if (len)
      memcpy(out + 8, data, len);
   put_be32(out + 8 + len, util_crc32(0, out + 4, 4 + (size_t)len));
   return out + 12 + len;
}

int
util_png_write(const char *path, uint32_t width, uint32_t height, unsigned channels,
               const void *pixels, size_t stride_B)
{
   if ((channels != 3 && channels != 4) || width == 0 || height == 0 ||
       width > (1u << 24) / channels || height > (1u << 24))
      return -EINVAL;

   /* Raw scanlines: a filter byte (0 = none) then the pixels. */
   const size_t row_B = (size_t)width * channels + 1;
   const size_t raw_B = row_B * height;
   /* zlib stream: 2-byte header, stored blocks of <= 65535 bytes each with a
    * 5-byte header, 4-byte Adler-32. */
   const size_t nblocks = raw_B / 65535 + 1;
   const size_t z_B = 2 + raw_B + nblocks * 5 + 4;
   const size_t file_B = 8 + (12 + 13) + (12 + z_B) + 12;
   if (z_B > 0x7fffffffu)
      return -EFBIG;

   uint8_t *raw = malloc(raw_B);
   uint8_t *file = malloc(file_B);
   uint8_t *z = malloc(z_B);
   if (!raw || !file || !z) {
      free(raw);
      free(file);
      free(z);
      return -ENOMEM;
   }
   for (uint32_t y = 0; y < height; y++) {
      raw[y * row_B] = 0;
      memcpy(raw + y * row_B + 1, (const uint8_t *)pixels + y * stride_B, row_B - 1);
   }

   uint8_t *zp = z;
   *zp++ = 0x78; /* CM = 8 (deflate), CINFO = 7 */
   *zp++ = 0x01; /* FCHECK so that the header is a multiple of 31 */
   size_t left = raw_B, off = 0;
   uint32_t a = 1, b = 0;
   do {
      const uint16_t n = (uint16_t)(left > 65535 ? 65535 : left);
      *zp++ = left <= 65535 ? 1 : 0; /* BFINAL, BTYPE = 00 (stored) */
      zp[0] = (uint8_t)n;
      zp[1] = (uint8_t)(n >> 8);
      zp[2] = (uint8_t)~n;
      zp[3] = (uint8_t)(~n >> 8);
      zp += 4;
      memcpy(zp, raw + off, n);
      for (size_t i = 0; i < n; i++) {
         a = (a + raw[off + i]) % 65521;
         b = (b + a) % 65521;
      }
      zp += n;
      off += n;
      left -= n;
   } while (left);
   put_be32(zp, b << 16 | a);
   zp += 4;

   uint8_t ihdr[13];
   put_be32(ihdr, width);
   put_be32(ihdr + 4, height);
   ihdr[8] = 8;                      /* bit depth */
   ihdr[9] = channels == 4 ? 6 : 2;  /* colour type: RGBA or RGB */
   ihdr[10] = ihdr[11] = ihdr[12] = 0;

   static const uint8_t sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
   uint8_t *p = file;
   memcpy(p, sig, 8);
   p += 8;
   p = put_chunk(p, "IHDR", ihdr, 13);
   p = put_chunk(p, "IDAT", z, (uint32_t)(zp - z));
   p = put_chunk(p, "IEND", NULL, 0);

   const int ret = util_write_file(path, file, (size_t)(p - file));
   free(raw);
   free(file);
   free(z);
   return ret;
}

uint8_t *
util_png_read_stored(const char *path, uint32_t *width, uint32_t *height)
{
   size_t size_B;
   uint8_t *file = util_read_file(path, &size_B);
   if (!file)
      return NULL;
   uint8_t *out = NULL, *raw = NULL;
   size_t raw_B = 0, pos = 8;
   uint32_t w = 0, h = 0, channels = 0;
   if (size_B < 8 || memcmp(file, "\x89PNG\r\n\x1a\n", 8) != 0)
      goto done;
   while (pos + 12 <= size_B) {
      const uint32_t len = get_be32(file + pos);
      if (len > size_B - pos - 12)
         goto done;
      const uint8_t *type = file + pos + 4, *data = file + pos + 8;
      if (util_crc32(0, type, 4 + (size_t)len) != get_be32(data + len))
         goto done;
      if (!memcmp(type, "IHDR", 4) && len == 13) {
         w = get_be32(data);
         h = get_be32(data + 4);
         if (data[8] != 8 || (data[9] != 6 && data[9] != 2) || w == 0 || h == 0 ||
             w > 1u << 16 || h > 1u << 16)
            goto done;
         channels = data[9] == 6 ? 4 : 3;
      } else if (!memcmp(type, "IDAT", 4)) {
         /* Only our own stored-block output: skip the zlib header, walk blocks. */
         size_t zp = 2;
         while (zp + 5 <= len) {
            const uint8_t final = data[zp] & 1;
            if (data[zp] & 6)
               goto done; /* compressed: not ours */
            const uint32_t n = data[zp + 1] | (uint32_t)data[zp + 2] << 8;
            zp += 5;
            if (n > len - zp)
               goto done;
            uint8_t *nraw = realloc(raw, raw_B + n);
            if (!nraw)
               goto done;
            raw = nraw;
            memcpy(raw + raw_B, data + zp, n);
            raw_B += n;
            zp += n;
            if (final)
               break;
         }
      }
      pos += 12 + len;
   }
   if (!channels || raw_B != ((size_t)w * channels + 1) * h)
      goto done;
   out = malloc((size_t)w * h * 4);
   if (!out)
      goto done;
   for (uint32_t y = 0; y < h; y++) {
      const uint8_t *row = raw + y * ((size_t)w * channels + 1);
      if (row[0] != 0) {
         free(out);
         out = NULL;
         goto done;
      }
      for (uint32_t x = 0; x < w; x++) {
         for (unsigned c = 0; c < 4; c++)
            out[((size_t)y * w + x) * 4 + c] = c < channels ? row[1 + x * channels + c] : 255;
      }
   }
   *width = w;
   *height = h;
done:
   free(raw);
   free(file);
   return out;
}
