#version 450
// vk_tess_test: one variant per domain, spacing, vertex order and point
// mode (-D at build time). The domain coordinate is the position: (u, v)
// over the framebuffer, each patch in its own horizontal band
// (TESS_BANDS of them), and the colour.
layout(DOMAIN, SPACING, ORDER) in;
#ifdef POINTS
layout(point_mode) in;
#endif
layout(location = 2) patch in float patch_id;
layout(location = 0) out vec4 color;
layout(push_constant) uniform PC { layout(offset = 24) float bands; float margin; } pc;
void main() {
   vec3 c = gl_TessCoord;
   // margin: points land on pixel centres u * (W - 1) + 0.5 (x), and
   // likewise v (y) over the patch's band.
   float x = c.x * (1.0 - 2.0 * pc.margin) + pc.margin;
   float y = (c.y * (1.0 - 2.0 * pc.margin) + pc.margin + float(gl_PrimitiveID)) / pc.bands;
   gl_Position = vec4(x * 2.0 - 1.0, y * 2.0 - 1.0, 0.0, 1.0);
   color = vec4(c.x, c.y, patch_id, 1.0);
}
