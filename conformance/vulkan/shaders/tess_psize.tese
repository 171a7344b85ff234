#version 450
// vk_tess_test: point mode with PointSize written by the evaluation
// shader (SIZE) or left to a geometry shader; points on pixel centres
// (31 pixels apart at level 4), so no square edge passes through one.
layout(quads, equal_spacing, ccw, point_mode) in;
layout(location = 0) out vec4 color;
void main() {
   vec2 c = gl_TessCoord.xy * (124.0 / 128.0) + 2.5 / 128.0;
   gl_Position = vec4(c * 2.0 - 1.0, 0.0, 1.0);
#ifdef SIZE
   gl_PointSize = SIZE;
#endif
   color = vec4(1.0);
}
