#version 450
// vk_xfb_test: triangles with adjacency in, the six input vertex ids out.
layout(triangles_adjacency) in;
layout(points, max_vertices = 1) out;
layout(location = 0) in uint vid[];
layout(location = 0, xfb_buffer = 0, xfb_offset = 0, xfb_stride = 24) flat out uvec2 a;
layout(location = 1, xfb_buffer = 0, xfb_offset = 8) flat out uvec4 b;

void main()
{
   a = uvec2(vid[0], vid[1]);
   b = uvec4(vid[2], vid[3], vid[4], vid[5]);
   gl_Position = gl_in[0].gl_Position;
   EmitVertex();
}
