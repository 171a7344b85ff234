#version 450
// Golden: gl_PerVertex built-ins with transform feedback decorations.
layout(xfb_buffer = 0, xfb_stride = 20) out;
layout(location = 0) in vec4 pos;
layout(location = 0, xfb_buffer = 1, xfb_offset = 4, xfb_stride = 8) out float extra;
out gl_PerVertex {
   layout(xfb_offset = 0) vec4 gl_Position;
   layout(xfb_offset = 16) float gl_PointSize;
   float gl_ClipDistance[1];
};

void main()
{
   gl_Position = pos;
   gl_PointSize = 1.0;
   gl_ClipDistance[0] = pos.w;
   extra = pos.x;
}
