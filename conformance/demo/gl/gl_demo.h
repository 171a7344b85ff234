/* SPDX-License-Identifier: MIT */
/* kiln-gl-demo (the GL main job): shared types of its three files. */
#ifndef GL_DEMO_H
#define GL_DEMO_H

#include <stdbool.h>
#include <stdint.h>

#define RINGS 48
#define SIDES 24
/* The seams repeat their first row and column so texture coordinates run on. */
#define TORUS_VERTS ((RINGS + 1) * (SIDES + 1))
#define TORUS_INDICES (RINGS * SIDES * 6)

struct gl_vertex {
   float pos[3];
   float normal[3];
   float uv[2];
};

/* gl_demo_mesh.c: a torus (major radius 1, minor 0.33) and 4x4 matrices,
 * column-major as GL takes them. */
void torus_mesh(struct gl_vertex *v, uint32_t *idx);
void mat4_identity(float m[16]);
void mat4_mul(float out[16], const float a[16], const float b[16]);
void mat4_perspective(float m[16], float fovy_rad, float aspect, float near_z, float far_z);
void mat4_translate(float m[16], float x, float y, float z);
void mat4_rotate(float m[16], float angle_rad, float x, float y, float z);
void mat4_transform(const float m[16], const float in[4], float out[4]);

/* gl_demo_scene.c: draws the scene into the current context's default
 * framebuffer; returns false (and says why on stderr) if a GL step or the
 * transform-feedback check fails. */
struct scene_report {
   int xfb_vertices;          /* vertices captured and checked */
   float xfb_max_error;       /* largest |captured - host-computed| */
};
bool scene_draw(int width, int height, struct scene_report *report);
/* Draws the same frame again (for timing: no upload, no capture). */
bool scene_redraw(void);

#endif
