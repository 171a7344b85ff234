#version 450
// vk_xfb_test: lines with adjacency in, the four input vertex ids and the
// input PrimitiveId out as one point per primitive (capture order check).
layout(lines_adjacency) in;
layout(points, max_vertices = 1) out;
layout(location = 0) in uint vid[];
layout(location = 0, xfb_buffer = 0, xfb_offset = 0, xfb_stride = 20) flat out uvec4 ids;
layout(location = 1, xfb_buffer = 0, xfb_offset = 16) flat out uint prim;

void main()
{
   ids = uvec4(vid[0], vid[1], vid[2], vid[3]);
   prim = uint(gl_PrimitiveIDIn);
   gl_Position = gl_in[0].gl_Position;
   EmitVertex();
}
