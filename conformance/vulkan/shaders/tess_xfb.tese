#version 450
// vk_tess_test: every evaluation's TessCoord and PrimitiveId captured by
// transform feedback (one variant per domain, spacing and point mode).
layout(DOMAIN, SPACING, ccw) in;
#ifdef POINTS
layout(point_mode) in;
#endif
layout(location = 0, xfb_buffer = 0, xfb_offset = 0, xfb_stride = 16) out vec4 coord;
void main() {
   coord = vec4(gl_TessCoord, float(gl_PrimitiveID));
   gl_Position = vec4(gl_TessCoord.xy, 0.0, 1.0);
}
