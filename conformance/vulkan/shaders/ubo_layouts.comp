#version 450
// SPDX-License-Identifier: MIT
// A std140 uniform block (vec3, column- and row-major matrices, an array
// with a 16-byte stride, a nested struct) and a std430 storage block with
// the same members, read through dynamic offsets; results to a buffer.
layout(local_size_x = 4) in;
struct Inner { float f; vec2 v; };
layout(std140, set = 0, binding = 0) uniform U {
   vec3 a;                        // 0
   float b;                       // 12
   layout(column_major) mat3 cm;  // 16: 3 columns of 16
   layout(row_major) mat3 rm;     // 64: 3 rows of 16
   float arr[4];                  // 112: stride 16
   Inner inner;                   // 176
} u;
layout(std430, set = 0, binding = 1) buffer S {
   layout(row_major) mat2x3 m;    // 0: 2 columns of vec3, row-major: rows of vec2 (stride 8)
   float tail[];                  // 24
} s;
layout(set = 0, binding = 2) buffer Out { float v[]; } o;

void main()
{
   uint i = gl_GlobalInvocationID.x;
   uint k = i % 3u;
   o.v[i * 12u + 0u] = u.a[k] + u.b;
   o.v[i * 12u + 1u] = u.cm[k].x + u.cm[1][k];
   o.v[i * 12u + 2u] = u.rm[k].y + u.rm[2][k];
   vec3 cm_col = u.cm * vec3(1.0, 2.0, 3.0);
   vec3 rm_col = u.rm * vec3(1.0, 2.0, 3.0);
   o.v[i * 12u + 3u] = cm_col[k];
   o.v[i * 12u + 4u] = rm_col[k];
   o.v[i * 12u + 5u] = u.arr[i % 4u];
   o.v[i * 12u + 6u] = u.inner.f + u.inner.v.y;
   o.v[i * 12u + 7u] = s.m[i % 2u][k];
   o.v[i * 12u + 8u] = s.tail[i];
   o.v[i * 12u + 9u] = float(s.tail.length());
   s.m[1][2] = 99.0;
   o.v[i * 12u + 10u] = 0.0;
   o.v[i * 12u + 11u] = 0.0;
}
