:- use_module(library(lists)).
:- use_module(library(aggregate)).
:- consult(driver).
% Each game's CPU time summed over the 200 starts; output of the program
% ("Trying ...") goes to /dev/null.
r :- open('/dev/null', write, Null), set_output(Null),
     statistics(cputime, T0),
     findall(O-P, (start(_, S), (g(S, nil, 0, O, P) -> true ; O = fail, P = 0)), L),
     statistics(cputime, T1),
     length(L, N), T is (T1-T0)*1000/N,
     findall(P, member(_-P, L), Ps), sum_list(Ps, SP), AP is SP/N,
     aggregate_all(count, member(mate-_, L), Mates),
     format(user_error, "~w games, ~w mates, ~4f ms of CPU a game, ~2f plies a game~n", [N, Mates, T, AP]).
