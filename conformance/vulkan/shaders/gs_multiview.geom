#version 450
// vk_xfb_test: multiviewGeometryShader: the GS reads ViewIndex and passes
// it on (view + 1) to the fragment shader.
#extension GL_EXT_multiview : require
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
layout(location = 0) flat out uint view;

void main()
{
   for (int j = 0; j < 3; j++) {
      gl_Position = gl_in[j].gl_Position;
      view = uint(gl_ViewIndex) + 1u;
      EmitVertex();
   }
}
