/* SPDX-License-Identifier: MIT */
/* kiln-gl-demo's mesh and matrix helpers (host side). */
#include <math.h>
#include <string.h>

#include "gl_demo.h"

void torus_mesh(struct gl_vertex *v, uint32_t *idx)
{
   for (int i = 0; i <= RINGS; i++) {
      const float u = (float)i / RINGS * 6.2831853f;
      for (int j = 0; j <= SIDES; j++) {
         const float w = (float)j / SIDES * 6.2831853f;
         struct gl_vertex *o = &v[i * (SIDES + 1) + j];
         const float nx = cosf(w) * cosf(u), ny = cosf(w) * sinf(u), nz = sinf(w);
         o->normal[0] = nx, o->normal[1] = ny, o->normal[2] = nz;
         o->pos[0] = cosf(u) + 0.33f * nx;
         o->pos[1] = sinf(u) + 0.33f * ny;
         o->pos[2] = 0.33f * nz;
         o->uv[0] = (float)i / RINGS * 8.0f;
         o->uv[1] = (float)j / SIDES * 2.0f;
      }
   }
   for (int i = 0; i < RINGS; i++)
      for (int j = 0; j < SIDES; j++) {
         const uint32_t a = i * (SIDES + 1) + j, b = (i + 1) * (SIDES + 1) + j;
         const uint32_t c = b + 1, e = a + 1;
         const uint32_t q[6] = {a, b, c, a, c, e};
         memcpy(idx + 6 * (i * SIDES + j), q, sizeof(q));
      }
}

void mat4_identity(float m[16])
{
   memset(m, 0, 16 * sizeof(float));
   m[0] = m[5] = m[10] = m[15] = 1.0f;
}

void mat4_mul(float out[16], const float a[16], const float b[16])
{
   float r[16];
   for (int c = 0; c < 4; c++)
      for (int row = 0; row < 4; row++) {
         float s = 0.0f;
         for (int k = 0; k < 4; k++)
            s += a[k * 4 + row] * b[c * 4 + k];
         r[c * 4 + row] = s;
      }
   memcpy(out, r, sizeof(r));
}

/* gluPerspective's matrix: GL clip space, depth -1..1. */
void mat4_perspective(float m[16], float fovy_rad, float aspect, float near_z, float far_z)
{
   const float f = 1.0f / tanf(fovy_rad / 2.0f);
   memset(m, 0, 16 * sizeof(float));
   m[0] = f / aspect;
   m[5] = f;
   m[10] = (far_z + near_z) / (near_z - far_z);
   m[11] = -1.0f;
   m[14] = 2.0f * far_z * near_z / (near_z - far_z);
}

void mat4_translate(float m[16], float x, float y, float z)
{
   mat4_identity(m);
   m[12] = x, m[13] = y, m[14] = z;
}

/* glRotate's matrix about the unit axis (x, y, z). */
void mat4_rotate(float m[16], float a, float x, float y, float z)
{
   const float c = cosf(a), s = sinf(a), t = 1.0f - c;
   mat4_identity(m);
   m[0] = t * x * x + c, m[4] = t * x * y - s * z, m[8] = t * x * z + s * y;
   m[1] = t * x * y + s * z, m[5] = t * y * y + c, m[9] = t * y * z - s * x;
   m[2] = t * x * z - s * y, m[6] = t * y * z + s * x, m[10] = t * z * z + c;
}

void mat4_transform(const float m[16], const float in[4], float out[4])
{
   for (int row = 0; row < 4; row++)
      out[row] = m[row] * in[0] + m[4 + row] * in[1] + m[8 + row] * in[2] + m[12 + row] * in[3];
}
