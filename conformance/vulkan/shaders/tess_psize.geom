#version 450
// vk_tess_test: re-emits each tessellated point with PointSize 5.
layout(points) in;
layout(points, max_vertices = 1) out;
layout(location = 0) in vec4 color_in[];
layout(location = 0) out vec4 color;
void main() {
   gl_Position = gl_in[0].gl_Position;
   gl_PointSize = 5.0;
   color = color_in[0];
   EmitVertex();
}
