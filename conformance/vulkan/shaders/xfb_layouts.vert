#version 450
// vk_xfb_test: every kind of captured output (VK_EXT_transform_feedback):
// built-ins (position, point size, two clip distances), partial components, arrays, 64-bit types, block members, in
// four buffers. Values are exact in float and double (the test computes
// them the same way).

layout(xfb_buffer = 0, xfb_stride = 44) out gl_PerVertex {
   layout(xfb_offset = 0) vec4 gl_Position;
   layout(xfb_offset = 40) float gl_PointSize;
   layout(xfb_offset = 32) float gl_ClipDistance[2];
};
layout(location = 0, xfb_buffer = 0, xfb_offset = 16) out vec4 color;
layout(location = 1, component = 1, xfb_buffer = 1, xfb_offset = 4, xfb_stride = 24) out vec2 part;
layout(location = 2, xfb_buffer = 1, xfb_offset = 12) out float arr[2];
layout(location = 4, xfb_buffer = 2, xfb_offset = 0, xfb_stride = 16) out dvec2 d;
layout(location = 6, xfb_buffer = 3, xfb_stride = 20) out Blk {
   layout(xfb_offset = 0) vec2 s;
   layout(xfb_offset = 8) float t;
   layout(xfb_offset = 12) flat ivec2 u;
} blk;

void main()
{
   const uint v = uint(gl_VertexIndex);
   const float f = float(v);
   gl_Position = vec4(f * 0.25 - 1.0, f * 0.5 - 1.0, 0.25, 1.0);
   gl_PointSize = 1.0 + f;
   gl_ClipDistance[0] = f + 0.5;
   gl_ClipDistance[1] = -f;
   color = vec4(f, f + 1.0, f + 2.0, f + 3.0) * 0.125;
   part = vec2(f * 3.0, f * 5.0);
   arr[0] = f + 100.0;
   arr[1] = f + 200.0;
   d = dvec2(double(v) * 1.0e10LF + 0.5LF, -double(v));
   blk.s = vec2(f, -f);
   blk.t = 7.5 * f;
   blk.u = ivec2(-int(v), int(v) * 1000);
}
