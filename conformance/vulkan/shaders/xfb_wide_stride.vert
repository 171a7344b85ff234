#version 450
// vk_xfb_test: the vertex index at offset 240 of a record; the test patches
// the stride 256 to 2048 (maxTransformFeedbackBufferDataStride, past
// glslang's default limit).
layout(location = 0, xfb_buffer = 0, xfb_offset = 240, xfb_stride = 256) out vec4 o;

void main()
{
   o = vec4(float(gl_VertexIndex), 1.0, 2.0, 3.0);
   gl_Position = vec4(0.0, 0.0, 0.5, 1.0);
}
