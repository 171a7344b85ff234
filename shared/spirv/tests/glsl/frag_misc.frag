#version 450
#extension GL_ARB_shader_stencil_export : require
// Depth layout, interpolation qualifiers, layer/viewport inputs, stencil
// export, front facing, discard in a loop.
layout(depth_greater) out float gl_FragDepth;
layout(location = 0) centroid in vec2 c;
layout(location = 1) sample in float s;
layout(location = 2) noperspective in vec3 np;
layout(location = 3) flat in uint idx;
layout(location = 0) out vec4 color;

void main()
{
   vec4 acc = vec4(c, s, float(gl_Layer + gl_ViewportIndex));
   for (uint i = 0u; i < idx; i++) {
      if (acc.x > 10.0)
         discard;
      acc.x += np.x;
   }
   gl_FragDepth = gl_FragCoord.z + 0.01;
   gl_FragStencilRefARB = int(idx);
   color = gl_FrontFacing ? acc : -acc;
}
