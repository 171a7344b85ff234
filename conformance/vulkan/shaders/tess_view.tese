#version 450
#extension GL_EXT_multiview : require
// vk_tess_test: an evaluation shader reading ViewIndex (multiview): red is
// the view + 1, green and blue the domain coordinate.
layout(quads, equal_spacing, ccw) in;
layout(location = 0) out vec4 color;
void main() {
   vec2 c = gl_TessCoord.xy;
   gl_Position = vec4(c * 2.0 - 1.0, 0.0, 1.0);
   color = vec4(float(gl_ViewIndex + 1), c, 1.0);
}
