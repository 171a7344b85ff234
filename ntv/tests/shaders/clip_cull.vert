#version 450
layout(location = 0) in vec4 in_pos;
layout(push_constant) uniform Planes {
   vec4 plane[3];
} pc;
out gl_PerVertex {
   vec4 gl_Position;
   float gl_ClipDistance[3];
   float gl_CullDistance[1];
};
void main()
{
   gl_Position = in_pos;
   for (int i = 0; i < 3; i++)
      gl_ClipDistance[i] = dot(in_pos, pc.plane[i]);
   gl_CullDistance[0] = in_pos.z;
}
